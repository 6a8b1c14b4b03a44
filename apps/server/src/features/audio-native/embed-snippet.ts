/** The HTML a site owner pastes: a placeholder the player script fills with an iframe (decision 173). */
export function embedSnippet(origin: string, embedId: string, small: boolean): string {
  return (
    `<div data-vocalis-audio-native="${embedId}" data-height="${small ? 56 : 96}" data-width="100%"></div>\n` +
    `<script src="${origin}/audio-native/player.js" async></script>`
  );
}
