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
