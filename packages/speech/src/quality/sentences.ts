/**
 * English test sentences for intelligibility checks: Harvard sentences (IEEE 1969 "Recommended
 * Practice for Speech Quality Measurements"), phonetically balanced and free of numbers, so the
 * recogniser's output can be compared word for word.
 */
export const HARVARD_SENTENCES: readonly string[] = [
  'The birch canoe slid on the smooth planks.',
  'Glue the sheet to the dark blue background.',
  "It's easy to tell the depth of a well.",
  'These days a chicken leg is a rare dish.',
  'Rice is often served in round bowls.',
  'The juice of lemons makes fine punch.',
  'The box was thrown beside the parked truck.',
  'The hogs were fed chopped corn and garbage.',
  'Four hours of steady work faced us.',
  'A large size in stockings is hard to sell.',
];

/**
 * Everyday English sentences (messages, announcements, small talk), written for this project and held
 * out from every tuning: how voices fare on the kind of text people actually send. No numbers, so the
 * recogniser's output compares word for word.
 */
export const EVERYDAY_SENTENCES: readonly string[] = [
  'Could you send me the report before lunch tomorrow?',
  'The train was late again, so I walked to the office.',
  'Please remember to turn off the lights when you leave.',
  'We are meeting at the coffee shop near the station.',
  'My sister just adopted a small dog from the shelter.',
  'The weather should be much warmer by the weekend.',
  'I think the store closes early on Sundays.',
  'Thank you for calling, someone will be with you shortly.',
  'Our flight was cancelled because of the storm.',
  'Let me know if you need any help with the move.',
];
