import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { makeStoryboard } from '@/testing/make-storyboard';
import { currentStoryboard, editorReducer, initialEditorState, placeIssues, sceneIssues, type EditorState } from '@/features/editor/lib/editor-state';
import { fieldInWords, storyboardIssues } from '@/features/editor/lib/field-errors';
import { elementCount, slideAlt, starterScene, ADDABLE_KINDS } from '@/features/editor/lib/scene-kinds';
import { countWords, estimatedSeconds, formatDuration, storyboardWords } from '@/features/editor/lib/storyboard-math';

function start(): EditorState {
  let n = 0;
  return initialEditorState(makeStoryboard(), () => `s${++n}`);
}

describe('editor state', () => {
  it('keeps the storyboard as it came until it is edited', () => {
    expect(currentStoryboard(start())).toEqual(makeStoryboard());
  });

  it('sets a field deep in a scene, and nothing else changes', () => {
    const state = editorReducer(start(), { type: 'set', id: 's3', path: ['steps', 0, 'math'], value: 'x^2' });
    const storyboard = currentStoryboard(state);
    expect(storyboard.scenes[2]).toMatchObject({ steps: [{ math: 'x^2', note: 'what goes in' }] });
    expect(storyboard.scenes.filter((_, i) => i !== 2)).toEqual(makeStoryboard().scenes.filter((_, i) => i !== 2));
  });

  it('moves a scene, deletes one and puts it back where it was', () => {
    let state = editorReducer(start(), { type: 'move', id: 's2', by: 1 });
    expect(currentStoryboard(state).scenes.map((s) => s.kind)).toEqual(['title', 'equation_steps', 'definition', 'quiz']);
    expect(editorReducer(state, { type: 'move', id: 's1', by: -1 })).toBe(state);
    state = editorReducer(state, { type: 'delete', id: 's2' });
    expect(currentStoryboard(state).scenes.map((s) => s.kind)).toEqual(['title', 'equation_steps', 'quiz']);
    state = editorReducer(state, { type: 'undo-delete' });
    expect(currentStoryboard(state).scenes.map((s) => s.kind)).toEqual(['title', 'equation_steps', 'definition', 'quiz']);
    expect(state.deleted).toBeNull();
  });

  it('keeps checkpoint questions on their scenes as scenes move, and drops one whose scene is edited or deleted', () => {
    const question = (scene: number) => ({
      scene,
      question: `About scene ${scene}?`,
      kind: 'choice' as const,
      options: ['Yes', 'No'],
      answer: 0,
      explanation: 'It said so.',
    });
    let n = 0;
    let state = initialEditorState(makeStoryboard({ checkpoints: [question(1), question(2)] }), () => `s${++n}`);
    expect(currentStoryboard(state).checkpoints?.map((c) => c.question)).toEqual(['About scene 1?', 'About scene 2?']);
    state = editorReducer(state, { type: 'move', id: 's2', by: 1 });
    // The definition (asked about as scene 1) is now scene 2, the equations scene 1.
    expect(currentStoryboard(state).checkpoints?.map((c) => [c.scene, c.question])).toEqual([
      [1, 'About scene 2?'],
      [2, 'About scene 1?'],
    ]);
    state = editorReducer(state, { type: 'delete', id: 's2' });
    expect(currentStoryboard(state).checkpoints?.map((c) => c.question)).toEqual(['About scene 2?']);
    state = editorReducer(state, { type: 'undo-delete' });
    expect(currentStoryboard(state).checkpoints).toHaveLength(2);
    state = editorReducer(state, { type: 'set', id: 's3', path: ['heading'], value: 'Another heading' });
    expect(currentStoryboard(state).checkpoints?.map((c) => c.question)).toEqual(['About scene 1?']);
    state = editorReducer(state, { type: 'delete', id: 's2' });
    expect(currentStoryboard(state).checkpoints).toBeUndefined();
  });

  it('keeps a quiz answer on its option when another option goes', () => {
    let state = editorReducer(start(), { type: 'set', id: 's4', path: ['answer'], value: 2 });
    state = editorReducer(state, { type: 'remove-entry', id: 's4', path: ['options'], index: 0 });
    expect(currentStoryboard(state).scenes[3]).toMatchObject({ options: ['Water', 'Oxygen'], answer: 1 });
  });

  it('places the problems of a sent storyboard on its scenes wherever they have moved, until the scene is edited', () => {
    const sent = start();
    const issues = placeIssues(
      [
        { scene: 2, field: 'steps.0.math', message: 'bad math' },
        { scene: null, field: 'title', message: 'too long' },
      ],
      sent.scenes,
    );
    let state = editorReducer(sent, { type: 'move', id: 's3', by: -1 });
    state = editorReducer(state, { type: 'submit-issues', issues });
    expect(sceneIssues(state, 's3')).toEqual([{ sceneId: 's3', field: 'steps.0.math', message: 'bad math' }]);
    state = editorReducer(state, { type: 'set', id: 's3', path: ['steps', 0, 'math'], value: 'x' });
    expect(sceneIssues(state, 's3')).toEqual([]);
    expect(state.submitIssues).toEqual([{ sceneId: null, field: 'title', message: 'too long' }]);
  });
});

describe('422 answers', () => {
  const refused = (detail: unknown) => new ApiError('refused', 422, 'Unprocessable Entity', { detail });

  it('reads FastAPI-style locations with numbers, with strings, or written as one path', () => {
    expect(
      storyboardIssues(
        refused([
          { loc: ['body', 'storyboard', 'scenes', 2, 'steps', 0, 'math'], msg: 'unknown variable', type: 'value_error' },
          { loc: ['body', 'storyboard', 'scenes', '1', 'term'], msg: 'must not be empty', type: 'value_error' },
          { loc: ['body', 'storyboard', 'scenes[3].options[1]'], msg: 'too long', type: 'value_error' },
          { loc: ['body', 'storyboard', 'wpm'], msg: 'is 20', type: 'range' },
        ]),
      ),
    ).toEqual([
      { scene: 2, field: 'steps.0.math', message: 'unknown variable' },
      { scene: 1, field: 'term', message: 'must not be empty' },
      { scene: 3, field: 'options.1', message: 'too long' },
      { scene: null, field: 'wpm', message: 'is 20' },
    ]);
  });

  it('places a frame check of one scene ("scene.narration") on the scene asked for, and a text detail on the storyboard', () => {
    expect(storyboardIssues(refused([{ loc: ['body', 'scene', 'narration'], msg: 'needs 2' }]), 4)).toEqual([
      { scene: 4, field: 'narration', message: 'needs 2' },
    ]);
    expect(storyboardIssues(refused('not a storyboard'))).toEqual([{ scene: null, field: '', message: 'refused' }]);
    expect(storyboardIssues(new ApiError('busy', 429, '', { detail: 'busy' }))).toBeNull();
  });
});

describe('scene kinds', () => {
  it.each(ADDABLE_KINDS)('a new %s scene has a sentence for every element it reveals', (kind) => {
    const scene = starterScene(kind);
    expect(scene.narration.length).toBeGreaterThanOrEqual(elementCount(scene));
    expect(scene.narration.every((s) => countWords(s) > 0)).toBe(true);
  });

  it('describes a slide by its number, kind and heading', () => {
    expect(slideAlt(makeStoryboard().scenes[1]!, 2)).toBe('Slide 3: Definition — Chlorophyll');
  });

  it('counts words as the pipeline does and estimates the length at the pace', () => {
    expect(countWords('Carbon dioxide — and water, go in.')).toBe(6);
    expect(storyboardWords(makeStoryboard())).toBe(5 + 4 + 6 + 2 + 3);
    expect(estimatedSeconds(300, 150)).toBe(120);
    expect(formatDuration(125)).toBe('2 min 5 s');
    expect(formatDuration(45)).toBe('45 s');
  });
});

describe('fieldInWords (issue 54)', () => {
  it('names a field in words, never by its dotted path', () => {
    expect(fieldInWords('steps.0.math')).toBe('Step 1, math');
    expect(fieldInWords('options.2')).toBe('Option 3');
    expect(fieldInWords('narration')).toBe('Narration');
    expect(fieldInWords('visual_hint')).toBe('Visual hint');
  });
});
