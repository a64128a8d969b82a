import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect } from 'react';
import { describe, expect, it } from 'vitest';
import { json, mockFetch, type RecordedRequest } from '@/testing/mock-fetch';
import { makeStoryboard } from '@/testing/make-storyboard';
import type { Storyboard } from '@/features/editor/api/contract';
import { StoryboardEditor } from '@/features/editor/components/storyboard-editor';
import { useStoryboardEditor } from '@/features/editor/hooks/use-storyboard-editor';

const png = () => new Response(new Uint8Array([137, 80, 78, 71]), { headers: { 'content-type': 'image/png' } });
const DOLLAR = "math is Typst math syntax without '#' or '$' (write x^2 + 1, frac(a, b), sqrt(x))";

/** The preview-frame endpoint: a PNG, or the pipeline's complaint about math with a '$' in it. */
function frames(req: RecordedRequest) {
  const { storyboard, scene } = req.body as { storyboard: Storyboard; scene: number };
  const shown = storyboard.scenes[scene];
  if (shown?.kind === 'equation_steps' && shown.steps[0]?.math.includes('$')) {
    return json({ detail: [{ loc: ['body', 'storyboard', 'scenes', scene, 'steps', 0, 'math'], msg: DOLLAR, type: 'value_error' }] }, 422);
  }
  if (shown?.kind === 'solution_steps' && shown.steps[0]?.parts[0]?.math.includes('$')) {
    return json({ detail: [{ loc: ['body', 'storyboard', 'scenes', scene, 'steps', 0, 'parts', 0, 'math'], msg: DOLLAR, type: 'value_error' }] }, 422);
  }
  if (shown?.kind === 'definition' && shown.term === 'Bad') {
    return json({ detail: [{ loc: ['body', 'storyboard', 'scenes', scene, 'kind'], msg: 'is not drawable', type: 'value_error' }] }, 422);
  }
  return png();
}

function Harness({ initial, onStoryboard }: { initial: Storyboard; onStoryboard: (s: Storyboard) => void }) {
  const editor = useStoryboardEditor(initial);
  useEffect(() => {
    onStoryboard(editor.storyboard);
  }, [editor.storyboard, onStoryboard]);
  return <StoryboardEditor editor={editor} cost="1 credit" />;
}

function renderEditor(initial: Storyboard = makeStoryboard()) {
  const server = mockFetch({ 'POST /api/storyboards/preview-frame': frames });
  let latest: Storyboard = initial;
  const onStoryboard = (s: Storyboard) => {
    latest = s;
  };
  render(<Harness initial={initial} onStoryboard={onStoryboard} />);
  const cards = () => screen.getAllByTestId('scene-card');
  return { ...server, cards, storyboard: () => latest, user: userEvent.setup() };
}

describe('storyboard editor', () => {
  it('shows each scene as a card with its kind, its drawn slide and a summary', async () => {
    const { cards, requests } = renderEditor();
    expect(cards()).toHaveLength(4);
    expect(within(cards()[1]!).getByRole('heading', { level: 3 })).toHaveTextContent('Scene 2Definition');
    const slide = await screen.findByRole('img', { name: 'Slide 2: Definition — Chlorophyll' });
    expect(slide.getAttribute('src')).toMatch(/^blob:/);
    await waitFor(() => expect(requests.filter((r) => r.url === '/api/storyboards/preview-frame')).toHaveLength(4));
    expect(requests[1]?.body).toEqual({ storyboard: makeStoryboard(), scene: 1 });

    expect(screen.getByTestId('summary-scenes')).toHaveTextContent('4');
    expect(screen.getByTestId('summary-words')).toHaveTextContent('20');
    expect(screen.getByTestId('summary-duration')).toHaveTextContent('8 s at 150 wpm');
    expect(screen.getByTestId('summary-cost')).toHaveTextContent('1 credit');
  });

  it('edits, reorders, adds and deletes scenes into the storyboard it hands on', { timeout: 20_000 }, async () => {
    const { cards, storyboard, user } = renderEditor();

    // A narration sentence and an equation.
    const sentence = within(cards()[1]!).getByLabelText('Sentence 1');
    await user.clear(sentence);
    await user.paste('Chlorophyll is the green pigment.');
    const math = within(cards()[2]!).getByLabelText('Step 1 math');
    await user.clear(math);
    await user.type(math, 'frac(a, b)');
    await user.click(within(cards()[2]!).getByRole('button', { name: 'Add step' }));
    expect(within(cards()[2]!).getByLabelText('Step 2 math')).toHaveFocus();
    await user.click(within(cards()[2]!).getByRole('button', { name: 'Add sentence' }));
    await user.click(within(cards()[2]!).getByLabelText('Sentence 2'));
    await user.paste('Then sugar comes out.');

    // The equation scene moves up, and keeps the focus on its button.
    await user.click(within(cards()[2]!).getByRole('button', { name: /Move up/ }));
    expect(within(cards()[1]!).getByRole('heading', { level: 3 })).toHaveTextContent('Equation steps');
    expect(within(cards()[1]!).getByRole('button', { name: /Move up/ })).toHaveFocus();

    // The quiz goes, comes back with Undo, and goes again.
    await user.click(within(cards()[3]!).getByRole('button', { name: /Delete scene/ }));
    expect(cards()).toHaveLength(3);
    expect(screen.getByRole('status')).toHaveTextContent('Scene 4 (Quiz) deleted.');
    expect(screen.getByRole('button', { name: 'Undo' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(cards()).toHaveLength(4);
    await user.click(within(cards()[3]!).getByRole('button', { name: /Delete scene/ }));

    // A summary scene joins at the end, ready to render.
    await user.click(screen.getByRole('button', { name: /Add scene/ }));
    await user.click(screen.getByRole('button', { name: 'Summary' }));
    expect(cards()).toHaveLength(4);
    expect(within(cards()[3]!).getByRole('heading', { level: 3 })).toHaveFocus();

    const original = makeStoryboard();
    expect(storyboard()).toEqual({
      ...original,
      scenes: [
        original.scenes[0],
        {
          kind: 'equation_steps',
          heading: 'The balance',
          steps: [
            { math: 'frac(a, b)', note: 'what goes in' },
            { math: 'x = 0', note: null },
          ],
          narration: ['Carbon dioxide and water go in.', 'Then sugar comes out.'],
        },
        { ...original.scenes[1], narration: ['Chlorophyll is the green pigment.'] },
        { kind: 'summary', heading: 'Summary', points: ['The main idea to remember'], narration: ['To sum up, remember the main idea.'] },
      ],
    });
    expect(screen.getByTestId('summary-scenes')).toHaveTextContent('4');
  });

  it('shows a 422 of the slide under the field it names, tied to it, until the field is fixed', async () => {
    const { cards, user } = renderEditor();
    const math = within(cards()[2]!).getByLabelText('Step 1 math');
    await user.type(math, ' $');

    const error = await within(cards()[2]!).findByText(DOLLAR);
    expect(math).toHaveAttribute('aria-invalid', 'true');
    expect(math.getAttribute('aria-describedby')).toContain(error.id);
    expect(math).toHaveAccessibleDescription(expect.stringContaining(DOLLAR));
    expect(within(cards()[2]!).getByText('Fix the marked fields to see the slide again.')).toBeInTheDocument();

    await user.type(math, '{Backspace}{Backspace}');
    await waitFor(() => expect(math).not.toHaveAttribute('aria-invalid'));
    expect(within(cards()[2]!).queryByText(DOLLAR)).not.toBeInTheDocument();
  });

  it('shows a problem that names no field of the scene on its card', async () => {
    const { cards, user } = renderEditor();
    const term = within(cards()[1]!).getByLabelText('Term');
    await user.clear(term);
    await user.type(term, 'Bad');
    const problems = await within(cards()[1]!).findByRole('list', { name: 'Problems in scene 2' });
    expect(problems).toHaveTextContent('Kind: is not drawable');
  });

  it('edits a solution line as one text; the line loses its highlight, a bad piece is shown under it', { timeout: 20_000 }, async () => {
    const solved = makeStoryboard();
    solved.scenes.push({
      kind: 'solution_steps',
      heading: 'Solve',
      steps: [
        {
          parts: [
            { math: '2x', highlight: false },
            { math: '+ 3', highlight: true },
            { math: '= 11', highlight: false },
          ],
          rule: null,
          checked: true,
        },
      ],
      answer: { math: 'x = 4', checked: true },
      narration: ['Take three from both sides.', 'So x is four.'],
    });
    const { cards, user, storyboard } = renderEditor(solved);
    const line = within(cards()[4]!).getByLabelText('Line 1 math');
    expect(line).toHaveValue('2x + 3 = 11');
    expect(within(cards()[4]!).queryByLabelText(/part 2/)).not.toBeInTheDocument();

    await user.type(line, ' $');
    await waitFor(() => {
      const scene = storyboard().scenes[4];
      expect(scene?.kind === 'solution_steps' && scene.steps[0]?.parts).toEqual([{ math: '2x + 3 = 11 $', highlight: false }]);
    });
    // The pipeline names the piece (steps.0.parts.0.math): it is shown under the line.
    const error = await within(cards()[4]!).findByText(DOLLAR);
    expect(line).toHaveAttribute('aria-invalid', 'true');
    expect(line.getAttribute('aria-describedby')).toContain(error.id);
  });
});
