import type { Storyboard } from '@/features/editor/api/contract';

/** A storyboard of four kinds (title, definition, equation steps, quiz), as the pipeline writes one. */
export function makeStoryboard(overrides: Partial<Storyboard> = {}): Storyboard {
  return {
    version: 1,
    title: 'Photosynthesis',
    subject: 'Science',
    level: 1,
    target_minutes: 1,
    wpm: 150,
    origin: 'model',
    scenes: [
      { kind: 'title', title: 'Photosynthesis', subtitle: 'How plants eat light', narration: ['Plants make their own food.'] },
      {
        kind: 'definition',
        term: 'Chlorophyll',
        definition: 'The green pigment that captures light.',
        example: null,
        narration: ['Chlorophyll captures the light.'],
      },
      {
        kind: 'equation_steps',
        heading: 'The balance',
        steps: [{ math: '6 C O_2 + 6 H_2 O', note: 'what goes in' }],
        narration: ['Carbon dioxide and water go in.'],
      },
      {
        kind: 'quiz',
        question: 'What captures light?',
        options: ['Chlorophyll', 'Water', 'Oxygen'],
        answer: 0,
        explanation: null,
        narration: ['Quick check.', 'It is chlorophyll.'],
      },
    ],
    ...overrides,
  };
}
