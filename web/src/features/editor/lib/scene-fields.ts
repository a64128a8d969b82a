import type { Scene } from '@/features/editor/api/contract';
import { pathKey, type Path } from '@/features/editor/lib/json-path';

/** One text of a scene. `nullable`: an empty box stores null (an optional field). */
export type TextField = {
  type: 'text';
  path: Path;
  label: string;
  /** A text area of this many rows; otherwise a one-line input. */
  rows?: number;
  nullable?: boolean;
  /** Typst math or program code: no spell check, a monospace font; code keeps its line breaks. */
  style?: 'math' | 'code';
};

/** A choice among the scene's own texts (a quiz's right answer, by index). */
export type ChoiceField = { type: 'choice'; path: Path; label: string; choices: string[] };

/**
 * A list of entries, each made of fields. With `make`, entries can be added (up to `max`) and
 * removed (down to `min`); without it the list is edited in place (a plot's series).
 */
export type ListField = {
  type: 'list';
  path: Path;
  label: string;
  /** "item", "step", "sentence": names the buttons ("Add step", "Remove step 2"). */
  noun: string;
  entries: Field[][];
  make?: () => unknown;
  min: number;
  max: number;
  help?: string;
};

/**
 * A solution line: its pieces (what the step changed is highlighted) edited as one Typst
 * text. Typing replaces the pieces with that one text, without a highlight.
 */
export type LineField = { type: 'line'; path: Path; label: string };

export type Field = TextField | ChoiceField | ListField | LineField;

const cap = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

function textList(path: string, label: string, noun: string, items: string[], min: number, max: number, rows?: number): ListField {
  return {
    type: 'list',
    path: [path],
    label,
    noun,
    entries: items.map((_, i) => [{ type: 'text', path: [path, i], label: `${cap(noun)} ${i + 1}`, rows }]),
    make: () => '',
    min,
    max,
  };
}

/** One field of a record list's entries: `field` of entry i, labelled "Step 2 math". */
type Part = { field: string; name?: string; line?: true; style?: TextField['style']; nullable?: true };

/**
 * A list whose entries are records of `parts`; labels name the noun, the place and the part
 * ("Row 2 left"). Without `make` its length is fixed (`min` = `max` = its length).
 */
function recordList(
  path: string,
  label: string,
  noun: string,
  items: unknown[],
  parts: Part[],
  size: { make?: () => unknown; min: number; max: number; help?: string },
): ListField {
  const field = (i: number, { field, name = field, line, ...rest }: Part): Field => {
    const at = { path: [path, i, field], label: `${cap(noun)} ${i + 1} ${name}` };
    return line ? { type: 'line', ...at } : { type: 'text', ...at, ...rest };
  };
  return { type: 'list', path: [path], label, noun, entries: items.map((_, i) => parts.map((part) => field(i, part))), ...size };
}

const heading: TextField = { type: 'text', path: ['heading'], label: 'Heading' };

/** The fields of a scene's visual, by kind (its narration is narrationField's). */
export function visualFields(scene: Scene): Field[] {
  switch (scene.kind) {
    case 'title':
      return [
        { type: 'text', path: ['title'], label: 'Title' },
        { type: 'text', path: ['subtitle'], label: 'Subtitle', nullable: true },
      ];
    case 'bullets':
      return [heading, textList('items', 'Bullet items', 'item', scene.items, 1, 6)];
    case 'definition':
      return [
        { type: 'text', path: ['term'], label: 'Term' },
        { type: 'text', path: ['definition'], label: 'Definition', rows: 3 },
        { type: 'text', path: ['example'], label: 'Example', rows: 2, nullable: true },
      ];
    case 'equation_steps':
      return [
        heading,
        recordList('steps', 'Equation steps', 'step', scene.steps, [{ field: 'math', style: 'math' }, { field: 'note', nullable: true }], {
          make: () => ({ math: 'x = 0', note: null }),
          min: 1,
          max: 5,
        }),
      ];
    case 'worked_example':
      return [
        heading,
        { type: 'text', path: ['problem'], label: 'Problem', rows: 2 },
        recordList('steps', 'Steps', 'step', scene.steps, [{ field: 'text' }, { field: 'math', style: 'math', nullable: true }], {
          make: () => ({ text: '', math: null }),
          min: 1,
          max: 4,
        }),
        { type: 'text', path: ['answer'], label: 'Answer' },
      ];
    case 'code':
      return [
        heading,
        { type: 'text', path: ['language'], label: 'Language' },
        { type: 'text', path: ['code'], label: 'Code', rows: 8, style: 'code' },
      ];
    case 'plot':
      return [
        heading,
        { type: 'text', path: ['x_label'], label: 'X axis label' },
        { type: 'text', path: ['y_label'], label: 'Y axis label' },
        recordList('series', 'Series', 'series', scene.series, [{ field: 'label' }], {
          min: scene.series.length,
          max: scene.series.length,
          help: 'The plotted points stay as they are.',
        }),
      ];
    case 'comparison':
      return [
        heading,
        { type: 'text', path: ['left_title'], label: 'Left column title' },
        { type: 'text', path: ['right_title'], label: 'Right column title' },
        recordList('rows', 'Rows', 'row', scene.rows, [{ field: 'left' }, { field: 'right' }], { make: () => ({ left: '', right: '' }), min: 1, max: 5 }),
      ];
    case 'summary':
      return [heading, textList('points', 'Summary points', 'point', scene.points, 1, 6)];
    case 'quiz':
      return [
        { type: 'text', path: ['question'], label: 'Question', rows: 2 },
        textList('options', 'Answer options', 'option', scene.options, 2, 5),
        {
          type: 'choice',
          path: ['answer'],
          label: 'Correct answer',
          choices: scene.options.map((option, i) => `Option ${i + 1}${option.trim() ? `: ${option.trim()}` : ''}`),
        },
        { type: 'text', path: ['explanation'], label: 'Explanation', rows: 2, nullable: true },
      ];
    case 'solution_steps':
      return [
        heading,
        recordList('steps', 'Solution lines', 'line', scene.steps, [{ field: 'parts', name: 'math', line: true }, { field: 'rule', nullable: true }], {
          min: scene.steps.length,
          max: scene.steps.length,
          help: 'A line you change loses its highlight, and check marks stay only on a scene the solver checked as it is.',
        }),
        ...(scene.answer ? [{ type: 'text', path: ['answer', 'math'], label: 'Answer math', style: 'math' } satisfies Field] : []),
      ];
    default:
      // A kind this app does not know yet is kept as it is; only its narration is edited.
      return [];
  }
}

/** The narration: one sentence per revealed element, in order. */
export function narrationField(scene: Scene, elements: number): ListField {
  return {
    ...textList('narration', 'Narration', 'sentence', scene.narration, 1, Infinity, 2),
    help: `Sentence 1 is spoken as element 1 appears, and so on: this scene shows ${elements} ${
      elements === 1 ? 'element' : 'elements'
    }, so it needs at least ${elements} ${elements === 1 ? 'sentence' : 'sentences'}.`,
  };
}

/** Every path a field or list of `fields` is shown at, so that an error can be placed under it. */
export function fieldKeys(fields: Field[]): Set<string> {
  const keys = new Set<string>();
  const walk = (list: Field[]) => {
    for (const field of list) {
      keys.add(pathKey(field.path));
      if (field.type === 'list') field.entries.forEach(walk);
    }
  };
  walk(fields);
  return keys;
}
