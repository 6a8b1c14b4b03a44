/** Short texts offered under an empty text box, so a first generation needs no typing. */
export const SAMPLE_TEXTS = [
  {
    label: 'Welcome message',
    text: 'Welcome to Vocalis. Type or paste any text here, pick a voice, and press Generate to hear it read aloud.',
  },
  {
    label: 'Story opening',
    text: 'The lighthouse keeper had not seen a ship in eleven days. On the twelfth morning, a small boat appeared out of the fog, and nobody was rowing it.',
  },
  {
    label: 'Product announcement',
    text: 'Today we are launching something we have worked on all year: a faster, quieter and simpler way to get your work done. Here is what is new.',
  },
  {
    label: 'Podcast intro',
    text: "Hello and welcome back to the show. I'm your host, and this week we're talking about the small habits that make a big difference.",
  },
] as const;
