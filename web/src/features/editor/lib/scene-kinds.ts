import type { Scene, SceneKind } from '@/features/editor/api/contract';

export const KIND_LABELS: Record<SceneKind, string> = {
  title: 'Title',
  bullets: 'Bullet points',
  definition: 'Definition',
  equation_steps: 'Equation steps',
  worked_example: 'Worked example',
  code: 'Code',
  plot: 'Plot',
  comparison: 'Comparison',
  summary: 'Summary',
  quiz: 'Quiz',
  solution_steps: 'Solution steps',
};

/** The kinds the "Add scene" menu offers (a plot's data and a checked solution are not typed in by hand). */
export const ADDABLE_KINDS = [
  'title',
  'bullets',
  'definition',
  'equation_steps',
  'worked_example',
  'code',
  'comparison',
  'summary',
  'quiz',
] as const satisfies readonly SceneKind[];

export type AddableKind = (typeof ADDABLE_KINDS)[number];

/**
 * A new scene of `kind` that passes the pipeline's checks as it is: starter text, and one
 * narration sentence per element the scene reveals (a worked example and a quiz reveal two).
 */
export function starterScene(kind: AddableKind): Scene {
  switch (kind) {
    case 'title':
      return { kind, title: 'A new section', subtitle: null, narration: ['Now we turn to a new part of the lesson.'] };
    case 'bullets':
      return { kind, heading: 'Key points', items: ['The first key point'], narration: ['Here is the first key point.'] };
    case 'definition':
      return {
        kind,
        term: 'New term',
        definition: 'What the term means, in one sentence.',
        example: null,
        narration: ['Let us define this term.'],
      };
    case 'equation_steps':
      return {
        kind,
        heading: 'Working it out',
        steps: [{ math: 'x^2 + 3x = 0', note: null }],
        narration: ['We start from this equation.'],
      };
    case 'worked_example':
      return {
        kind,
        heading: 'Worked example',
        problem: 'State the problem here.',
        steps: [{ text: 'Do the first step', math: null }],
        answer: 'The answer',
        narration: ['Let us work through an example step by step.', 'That gives us the answer.'],
      };
    case 'code':
      return {
        kind,
        heading: 'In code',
        language: 'python',
        code: 'print("Hello, world")',
        focus: [],
        narration: ['This line prints a greeting.'],
      };
    case 'comparison':
      return {
        kind,
        heading: 'Side by side',
        left_title: 'Before',
        right_title: 'After',
        rows: [{ left: 'How it was', right: 'How it is now' }],
        narration: ['Let us compare the two side by side.'],
      };
    case 'summary':
      return { kind, heading: 'Summary', points: ['The main idea to remember'], narration: ['To sum up, remember the main idea.'] };
    case 'quiz':
      return {
        kind,
        question: 'Which option is correct?',
        options: ['Option A', 'Option B'],
        answer: 0,
        explanation: null,
        narration: ['Time for a quick check.', 'The answer is option A.'],
      };
  }
}

/** How many elements the scene reveals one by one; it needs at least that many narration sentences. */
export function elementCount(scene: Scene): number {
  switch (scene.kind) {
    case 'title':
      return 1;
    case 'bullets':
      return scene.items.length;
    case 'definition':
      return 1 + (scene.example !== null ? 1 : 0);
    case 'equation_steps':
      return scene.steps.length;
    case 'worked_example':
      return scene.steps.length + 1;
    case 'code':
      return 1 + (scene.focus?.length ?? 0);
    case 'plot':
      return scene.series.length;
    case 'comparison':
      return scene.rows.length;
    case 'summary':
      return scene.points.length;
    case 'quiz':
      return 2;
    case 'solution_steps':
      return scene.steps.length + (scene.answer ? 1 : 0);
    default:
      return 1;
  }
}

/** What the slide is headed with. */
export function sceneHeading(scene: Scene): string {
  switch (scene.kind) {
    case 'title':
      return scene.title;
    case 'definition':
      return scene.term;
    case 'quiz':
      return scene.question;
    default:
      return typeof scene.heading === 'string' ? scene.heading : '';
  }
}

/** The kind's name; a kind this app does not know yet is named as the server spells it. */
export function kindLabel(kind: string): string {
  return (KIND_LABELS as Record<string, string | undefined>)[kind] ?? kind.replace(/_/g, ' ');
}

/** The slide image's text alternative, e.g. "Slide 3: Definition — Chlorophyll". */
export function slideAlt(scene: Scene, index: number): string {
  const heading = sceneHeading(scene).trim();
  return `Slide ${index + 1}: ${kindLabel(scene.kind)}${heading ? ` — ${heading}` : ''}`;
}
