import { useTheme } from '@/lib/theme';

import { Button } from './button';
import { MoonIcon, SunIcon } from './icons';
import { Tooltip } from './tooltip';

/** Switches between the light and dark theme; the accessible name says what a click will do. */
export function ThemeToggle() {
  const { theme, toggleTheme } = useTheme();
  const label = theme === 'dark' ? 'Switch to light theme' : 'Switch to dark theme';
  return (
    <Tooltip content={label} side="bottom">
      <Button variant="ghost" size="icon" aria-label={label} onClick={toggleTheme}>
        {theme === 'dark' ? <SunIcon className="size-5" /> : <MoonIcon className="size-5" />}
      </Button>
    </Tooltip>
  );
}
