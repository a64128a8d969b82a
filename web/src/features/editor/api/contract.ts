import type { components } from '@/types/openapi';

// The server's types for the storyboard editor, from its OpenAPI document (`just openapi`).
type Schemas = components['schemas'];

/** A display equation in Typst math syntax (no `#` or `$`), with an optional note beside it. */
export type EquationStep = Schemas['EquationStep'];
export type WorkedStep = Schemas['WorkedStep'];
export type LineRange = Schemas['LineRange'];
export type Series = Schemas['Series'];
export type ComparisonRow = Schemas['ComparisonRow'];
export type MathPart = Schemas['MathPart'];
export type SolutionStep = Schemas['SolutionStep'];
export type BoxedAnswer = Schemas['BoxedAnswer'];

/** What a scene shows, by kind; sentence i of its narration reveals element i. */
export type Visual = Schemas['Visual'];

export type SceneKind = Visual['kind'];

export type Scene = Schemas['Scene'];

export type SourceNote = Schemas['SourceNote'];

/** A question the player asks at the end of a scene (`scene`, counted from 0). */
export type StoryboardCheckpoint = Schemas['StoryboardCheckpoint'];

/** The JSON the pipeline reads (its storyboard format, version 1). */
export type Storyboard = Schemas['Storyboard'];

/** POST /api/storyboards/preview-frame: one scene of a storyboard drawn as a PNG. */
export type PreviewFrame = Schemas['PreviewFrame'];

/** POST /api/video/{id}/revisions: with `dry_run` only the cost is answered (200), else the job starts (202). */
export type NewRevision = Schemas['NewRevision'];

/** The answer to NewRevision; `job_id` is null for a dry run. */
export type RevisionStarted = Schemas['RevisionStarted'];

export type Revision = Schemas['Revision'];

/** GET /api/video/{id}/revisions, newest first. */
export type Revisions = Schemas['Revisions'];

/** POST /api/video/generate with a storyboard to render instead of writing one. */
export type GenerateVideo = Schemas['GenerateVideo'];

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
