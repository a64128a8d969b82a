import type { components } from '@/types/openapi';

type Checkpoint = components['schemas']['Checkpoint'];

/** A multiple-choice checkpoint asked at 10 s, about the scene from 0 s ("Introduction"). */
export function makeChoiceCheckpoint(overrides: Partial<Checkpoint> = {}): Checkpoint {
  return {
    index: 0,
    question: 'Where in the cell does photosynthesis happen?',
    kind: 'choice',
    options: ['Mitochondria', 'Chloroplasts', 'Nucleus'],
    answer: 1,
    value: null,
    tolerance: null,
    unit: null,
    explanation: 'Chloroplasts hold the chlorophyll that captures light.',
    at: 10,
    rewatch_from: 0,
    heading: 'Introduction',
    ...overrides,
  };
}

/** A numeric checkpoint asked at 30 s (0.25 m/s, give or take 0.01), about the scene from 10 s. */
export function makeNumberCheckpoint(overrides: Partial<Checkpoint> = {}): Checkpoint {
  return {
    index: 1,
    question: 'How fast does the cart roll?',
    kind: 'number',
    options: [],
    answer: null,
    value: 0.25,
    tolerance: 0.01,
    unit: 'm/s',
    explanation: 'One metre in four seconds is a quarter of a metre each second.',
    at: 30,
    rewatch_from: 10,
    heading: 'Light reactions',
    ...overrides,
  };
}
