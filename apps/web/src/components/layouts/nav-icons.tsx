import type { ComponentType } from 'react';

import { HistoryIcon } from '@/components/ui/action-icons';
import { HomeIcon, Icon, type IconProps } from '@/components/ui/icons';

const SpeechIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M4 5h16v11H9l-5 4V5Z" />
    <path d="M9 9v3M12 8v5M15 9.5v2" />
  </Icon>
);
/** A film frame with a speech bubble: the voiceover studio. */
const FilmVoiceIcon = (props: IconProps) => (
  <Icon {...props}>
    <rect x="2.5" y="5" width="13" height="14" rx="1.5" />
    <path d="M2.5 9h13M2.5 15h13M6 5v4M12 5v4M6 15v4M12 15v4" />
    <path d="M18 9.5c1.2.7 2 1.9 2 3.5s-.8 2.8-2 3.5" />
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

const WaveSwapIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M3 9h2l1.5-3 2 6 1.5-3H12" />
    <path d="M12 15h2l1.5-3 2 6 1.5-3h2" />
    <path d="m16 4 3 2-3 2M8 20l-3-2 3-2" />
  </Icon>
);
const SparkleIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M12 3v4M12 17v4M3 12h4M17 12h4M6 6l2.5 2.5M15.5 15.5 18 18M18 6l-2.5 2.5M8.5 15.5 6 18" />
  </Icon>
);
const IsolateIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M3 12h2M19 12h2" strokeDasharray="1 2" />
    <path d="M8 9v6M12 5v14M16 9v6" />
  </Icon>
);
const LayersIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="m12 3 9 5-9 5-9-5 9-5Z" />
    <path d="m3 13 9 5 9-5" />
  </Icon>
);
const GlobeIcon = (props: IconProps) => (
  <Icon {...props}>
    <circle cx="12" cy="12" r="9" />
    <path d="M3 12h18M12 3a14 14 0 0 1 0 18M12 3a14 14 0 0 0 0 18" />
  </Icon>
);
/** An article with a play button: narration embedded in a page. */
const ArticlePlayIcon = (props: IconProps) => (
  <Icon {...props}>
    <rect x="3" y="4" width="18" height="16" rx="2" />
    <path d="M7 8h10M7 12h4M13.5 11.5v5l4-2.5z" />
  </Icon>
);
/** A speech bubble over an open book: how words are said. */
const PronunciationIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M4 5h11a2 2 0 0 1 2 2v5a2 2 0 0 1-2 2H9l-4 3v-3H4a2 2 0 0 1-2-2V7a2 2 0 0 1 2-2z" />
    <path d="M6 9h7M6 11.5h4M20 9v6M22 11v2" />
  </Icon>
);
const VoiceIcon = (props: IconProps) => (
  <Icon {...props}>
    <circle cx="10" cy="8" r="4" />
    <path d="M3 20a7 7 0 0 1 14 0M18 6.5a4 4 0 0 1 0 5M20.5 4a7.5 7.5 0 0 1 0 10" />
  </Icon>
);
/** Voices shared by a team: two speakers. */
const TeamVoicesIcon = (props: IconProps) => (
  <Icon {...props}>
    <circle cx="8" cy="8" r="3" />
    <circle cx="16" cy="9" r="2.5" />
    <path d="M2.5 19a5.5 5.5 0 0 1 11 0M14 14.5a4.5 4.5 0 0 1 7.5 3.5M20 3.5a4 4 0 0 1 0 5" />
  </Icon>
);
const BotIcon = (props: IconProps) => (
  <Icon {...props}>
    <rect x="4" y="7" width="16" height="12" rx="3" />
    <path d="M12 7V3.5M9 12.5v1M15 12.5v1M2 12v3M22 12v3" />
  </Icon>
);
const WebhookIcon = (props: IconProps) => (
  <Icon {...props}>
    <circle cx="6" cy="17" r="2.5" />
    <circle cx="18" cy="17" r="2.5" />
    <circle cx="12" cy="6" r="2.5" />
    <path d="M8.5 17h7M10.8 8.2 7.2 14.8M13.2 8.2l3.6 6.6" />
  </Icon>
);
/** A hook line from a person: webhooks of one's own. */
const UserWebhookIcon = (props: IconProps) => (
  <Icon {...props}>
    <circle cx="7" cy="7" r="3" />
    <path d="M2 19a5 5 0 0 1 10 0M18 8.5a2.5 2.5 0 1 0 0-.01M18 11v4.5a2.5 2.5 0 0 1-5 0" />
  </Icon>
);
/** A person whose head is a gear-like square: an account that is a program, not a person. */
const ServiceAccountIcon = (props: IconProps) => (
  <Icon {...props}>
    <rect x="8" y="3" width="8" height="8" rx="2" />
    <path d="M10.5 7h.01M13.5 7h.01M4 21a8 8 0 0 1 16 0" />
  </Icon>
);
const FolderIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M3 7a2 2 0 0 1 2-2h4l2 2h8a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2z" />
    <path d="M8 13h8" />
  </Icon>
);
/** A microphone with a star: a voice trained from more speech. */
const ProVoiceIcon = (props: IconProps) => (
  <Icon {...props}>
    <rect x="6" y="3" width="6" height="11" rx="3" />
    <path d="M3.5 11a5.5 5.5 0 0 0 11 0M9 16.5V20M6 20h6" />
    <path d="m18 4 1 2.2 2.3.3-1.7 1.6.4 2.3-2-1.1-2 1.1.4-2.3-1.7-1.6 2.3-.3Z" />
  </Icon>
);
/** A shield with a check: the voice verified by a reading. */
const ShieldCheckIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M12 3 5 6v5c0 4.5 3 8.5 7 10 4-1.5 7-5.5 7-10V6Z" />
    <path d="m9 12 2 2 4-4" />
  </Icon>
);

/** One icon per navigation entry, by route key (the route table in @vocalis/domain/app-routes). */
/** A shield over a wave: checking audio for this installation's watermark. */
const ClassifierIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M12 3 5 6v5c0 4.5 3 8.3 7 10 4-1.7 7-5.5 7-10V6l-7-3Z" />
    <path d="M8.5 12h1.5l1-2.5 2 5 1-2.5h1.5" />
  </Icon>
);

const BuildingIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M4 21V4.5a.5.5 0 0 1 .5-.5h9a.5.5 0 0 1 .5.5V21M14 9h5.5a.5.5 0 0 1 .5.5V21M2.5 21h19M7.5 8h3M7.5 12h3M7.5 16h3M17 13v.01M17 17v.01" />
  </Icon>
);
const GroupIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M7 9.5a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5ZM17 9.5a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5ZM12 15a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5ZM2.5 15.5c.5-2 2.2-3 4.5-3M21.5 15.5c-.5-2-2.2-3-4.5-3M7.5 20.5c.5-2.2 2.2-3.5 4.5-3.5s4 1.3 4.5 3.5" />
  </Icon>
);
const LockIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M6 11h12a1 1 0 0 1 1 1v8a1 1 0 0 1-1 1H6a1 1 0 0 1-1-1v-8a1 1 0 0 1 1-1ZM8 11V7.5a4 4 0 0 1 8 0V11M12 15v2" />
  </Icon>
);

const HeadsetIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M4 14v-2a8 8 0 0 1 16 0v2" />
    <rect x="3" y="14" width="4" height="6" rx="1.5" />
    <rect x="17" y="14" width="4" height="6" rx="1.5" />
    <path d="M19 20c0 1.5-2 2-5 2" />
  </Icon>
);
const CallLogIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M4 5h16v11H9l-5 4V5Z" />
    <path d="M12 7.5v3l2 1.5" />
  </Icon>
);
const KnowledgeIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M12 6c-2-1.5-5-2-8-1.5v13c3-.5 6 0 8 1.5 2-1.5 5-2 8-1.5v-13c-3-.5-6 0-8 1.5Z" />
    <path d="M12 6v13" />
  </Icon>
);
/** A wrench: the agents' tools. */
const WrenchIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M14.7 6.3a1 1 0 0 0 0 1.4l1.6 1.6a1 1 0 0 0 1.4 0l3.77-3.77a6 6 0 0 1-7.94 7.94l-6.91 6.91a2.12 2.12 0 0 1-3-3l6.91-6.91a6 6 0 0 1 7.94-7.94l-3.76 3.76Z" />
  </Icon>
);

/** A handset: the agents' phone numbers. */
const PhoneIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M5 4h4l2 5-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2" />
  </Icon>
);
/** A handset over a list: calls placed in a batch. */
const BatchCallIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M4 3h3l1.5 3.5-1.75 1a7 7 0 0 0 3.25 3.25l1-1.75L14.5 10.5v3a1.5 1.5 0 0 1-1.5 1.5A11.5 11.5 0 0 1 2.5 4.5 1.5 1.5 0 0 1 4 3" />
    <path d="M15 4h6M17 8h4M9 19h12M13 15h8" />
  </Icon>
);

export const NAV_ICONS: Partial<Record<string, ComponentType<IconProps>>> = {
  home: HomeIcon,
  textToSpeech: SpeechIcon,
  textToSpeechHistory: HistoryIcon,
  settings: SettingsIcon,
  settingsApiKeys: KeyIcon,
  subscription: CardIcon,
  usage: ChartIcon,
  usageWorkspace: PieIcon,
  onboarding: FlagIcon,
  onboardingNext: FlagIcon,
  onboardingChecklist: ChecklistIcon,
  workspace: BuildingIcon,
  workspaceSecurity: LockIcon,
  workspaceGroups: GroupIcon,
  workspaceMembers: UsersIcon,
  workspaceWebhooks: WebhookIcon,
  workspaceServiceAccounts: ServiceAccountIcon,
  settingsWebhooks: UserWebhookIcon,
  workspaceVoices: TeamVoicesIcon,
  voiceLab: MicIcon,
  defaultVoices: VoiceIcon,
  voiceLibrary: BooksIcon,
  voiceLibraryCollections: FolderIcon,
  voiceLabCollections: FolderIcon,
  professionalVoiceCloning: ProVoiceIcon,
  voiceVerification: ShieldCheckIcon,
  speechToSpeech: WaveSwapIcon,
  soundEffects: SparkleIcon,
  speechToText: TextIcon,
  voiceIsolator: IsolateIcon,
  aiClassifier: ClassifierIcon,
  studio: LayersIcon,
  audioNative: ArticlePlayIcon,
  pronunciationDictionaries: PronunciationIcon,
  dubbing: GlobeIcon,
  voiceoverStudio: FilmVoiceIcon,
  conversationalAi: BotIcon,
  convaiTalkTo: HeadsetIcon,
  convaiHistory: CallLogIcon,
  convaiKnowledgeBase: KnowledgeIcon,
  convaiTools: WrenchIcon,
  convaiPhoneNumbers: PhoneIcon,
  convaiBatchCalling: BatchCallIcon,
};
