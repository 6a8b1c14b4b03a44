import type { ComponentType } from 'react';

import { HistoryIcon } from '@/components/ui/action-icons';
import { HomeIcon, Icon, type IconProps } from '@/components/ui/icons';

const SpeechIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M4 5h16v11H9l-5 4V5Z" />
    <path d="M9 9v3M12 8v5M15 9.5v2" />
  </Icon>
);
const SettingsIcon = (props: IconProps) => (
  <Icon {...props}>
    <circle cx="12" cy="12" r="3" />
    <path d="M19.4 15a1.7 1.7 0 0 0 .34 1.87l.06.06a2 2 0 1 1-2.83 2.83l-.06-.06a1.7 1.7 0 0 0-1.87-.34 1.7 1.7 0 0 0-1.03 1.56V21a2 2 0 1 1-4 0v-.09A1.7 1.7 0 0 0 8.9 19.4a1.7 1.7 0 0 0-1.87.34l-.06.06a2 2 0 1 1-2.83-2.83l.06-.06A1.7 1.7 0 0 0 4.6 15a1.7 1.7 0 0 0-1.56-1.03H3a2 2 0 1 1 0-4h.09A1.7 1.7 0 0 0 4.6 8.9a1.7 1.7 0 0 0-.34-1.87l-.06-.06a2 2 0 1 1 2.83-2.83l.06.06A1.7 1.7 0 0 0 8.9 4.6 1.7 1.7 0 0 0 9.93 3.04V3a2 2 0 1 1 4 0v.09a1.7 1.7 0 0 0 1.03 1.56 1.7 1.7 0 0 0 1.87-.34l.06-.06a2 2 0 1 1 2.83 2.83l-.06.06A1.7 1.7 0 0 0 19.4 8.9c.26.6.84 1 1.5 1.03H21a2 2 0 1 1 0 4h-.09a1.7 1.7 0 0 0-1.51 1.07Z" />
  </Icon>
);
const KeyIcon = (props: IconProps) => (
  <Icon {...props}>
    <circle cx="7.5" cy="15.5" r="4.5" />
    <path d="m10.7 12.3 9.3-9.3M16 7l3 3M18.5 4.5l2 2" />
  </Icon>
);
const CardIcon = (props: IconProps) => (
  <Icon {...props}>
    <rect x="2.5" y="5" width="19" height="14" rx="2" />
    <path d="M2.5 10h19M6.5 15h4" />
  </Icon>
);
const ChartIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M4 20V10M10 20V4M16 20v-7M21 20H3" />
  </Icon>
);
const PieIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M12 3a9 9 0 1 0 9 9h-9V3Z" />
    <path d="M15 3.5A9 9 0 0 1 20.5 9H15V3.5Z" />
  </Icon>
);
const ChecklistIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="m4 6 1.5 1.5L8 5M4 12l1.5 1.5L8 11M4 18l1.5 1.5L8 17M11 6h9M11 12h9M11 18h9" />
  </Icon>
);
const FlagIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M5 21V4M5 4h11l-2 4 2 4H5" />
  </Icon>
);
const UsersIcon = (props: IconProps) => (
  <Icon {...props}>
    <circle cx="9" cy="8" r="3.5" />
    <path d="M2.5 20a6.5 6.5 0 0 1 13 0M16 4.5a3.5 3.5 0 0 1 0 7M18.5 14a6.5 6.5 0 0 1 3 6" />
  </Icon>
);
const MicIcon = (props: IconProps) => (
  <Icon {...props}>
    <rect x="9" y="3" width="6" height="11" rx="3" />
    <path d="M5.5 11a6.5 6.5 0 0 0 13 0M12 17.5V21M8.5 21h7" />
  </Icon>
);
const BooksIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M4 19.5V5a1 1 0 0 1 1-1h4v16H5a1 1 0 0 1-1-.5ZM9 4h4v16H9M14.5 5.2l3.9-1 3 15.5-3.9 1Z" />
  </Icon>
);
const TextIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M4 7V5h16v2M12 5v14M9 19h6" />
  </Icon>
);
const ConversationIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M3 5h12v8H8l-5 4V5Z" />
    <path d="M15 9h6v10l-4-3h-6v-3" />
  </Icon>
);

/** One icon per navigation entry, by route key (the route table in @vocalis/domain/app-routes). */
export const NAV_ICONS: Partial<Record<string, ComponentType<IconProps>>> = {
  home: HomeIcon,
  textToSpeech: SpeechIcon,
  textToSpeechHistory: HistoryIcon,
  textToDialogue: ConversationIcon,
  settings: SettingsIcon,
  settingsApiKeys: KeyIcon,
  subscription: CardIcon,
  usage: ChartIcon,
  usageWorkspace: PieIcon,
  onboarding: FlagIcon,
  onboardingNext: FlagIcon,
  onboardingChecklist: ChecklistIcon,
  workspace: UsersIcon,
  workspaceMembers: UsersIcon,
  voiceLab: MicIcon,
  voiceLibrary: BooksIcon,
  speechToText: TextIcon,
  history: HistoryIcon,
};
