import type { components } from '@/types/openapi';

// Replaced by components['schemas'][...] once the server's OpenAPI has them: `Storyboard`,
// `PreviewFrame`, `NewRevision`, `RevisionStarted`, `Revision`, `Revisions`, and the optional
// `storyboard` of `GenerateVideo`. Every shape below is issue 16's contract, field for field.

/** A display equation in Typst math syntax (no `#` or `$`), with an optional note beside it. */
export type EquationStep = { math: string; note: string | null };
export type WorkedStep = { text: string; math: string | null };
export type LineRange = { start: number; end: number };
export type Series = { label: string; points: [number, number][] };
export type ComparisonRow = { left: string; right: string };
export type MathPart = { math: string; highlight: boolean };
export type SolutionStep = { parts: MathPart[]; rule: string | null; checked: boolean };
export type BoxedAnswer = { math: string; checked: boolean };

/** What a scene shows, by kind; sentence i of its narration reveals element i. */
export type Visual =
  | { kind: 'title'; title: string; subtitle: string | null }
  | { kind: 'bullets'; heading: string; items: string[] }
  | { kind: 'definition'; term: string; definition: string; example: string | null }
  | { kind: 'equation_steps'; heading: string; steps: EquationStep[] }
  | { kind: 'worked_example'; heading: string; problem: string; steps: WorkedStep[]; answer: string }
  | { kind: 'code'; heading: string; language: string; code: string; focus: LineRange[] }
  | { kind: 'plot'; heading: string; x_label: string; y_label: string; series: Series[] }
  | { kind: 'comparison'; heading: string; left_title: string; right_title: string; rows: ComparisonRow[] }
  | { kind: 'summary'; heading: string; points: string[] }
  | { kind: 'quiz'; question: string; options: string[]; answer: number; explanation: string | null }
  | { kind: 'solution_steps'; heading: string; steps: SolutionStep[]; answer: BoxedAnswer | null };

export type SceneKind = Visual['kind'];

export type Scene = Visual & { narration: string[] };

export type SourceNote = { term: string; definition: string; source: string };

/** The JSON the pipeline reads (its storyboard format, version 1). */
export type Storyboard = {
  version: 1;
  title: string;
  /** Mathematics, Programming, Science, Business or General. */
  subject: string;
  level: 1 | 2 | 3;
  show_level?: boolean;
  target_minutes: number;
  wpm: number;
  origin: 'model' | 'offline_draft' | 'hand_written';
  scenes: Scene[];
  sources?: SourceNote[];
};

/** POST /api/storyboards/preview-frame: one scene of a storyboard drawn as a PNG. */
export type PreviewFrame = { storyboard: Storyboard; scene: number };

/** POST /api/video/{id}/revisions: with `dry_run` only the cost is answered (200), else the job starts (202). */
export type NewRevision = { storyboard: Storyboard; dry_run?: boolean };

/** The answer to NewRevision; `job_id` is null for a dry run. */
export type RevisionStarted = { job_id: string | null; cost: number; scenes_changed: number };

export type Revision = {
  number: number;
  job_id: string;
  created_at: string;
  /** The version the video shows now. */
  current: boolean;
  scenes_changed: number;
  cost: number;
};

/** GET /api/video/{id}/revisions, newest first. */
export type Revisions = { revisions: Revision[] };

/** POST /api/video/generate with a storyboard to render instead of writing one. */
export type GenerateVideo = components['schemas']['GenerateVideo'] & { storyboard?: Storyboard };

/** A finished dry run's `result` in its job status. */
export type DryRunResult = {
  dry_run: true;
  cost: number;
  storyboard: Storyboard;
  smart_title: string;
  title: string;
  word_count: number;
  estimated_seconds: number;
  script_engine: string;
};
