import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch } from '@/testing/mock-fetch';
import { makeJobStatus } from '@/testing/make-job-status';
import { makeSession, makeUser } from '@/testing/data';
import { makeStoryboard } from '@/testing/make-storyboard';
import { renderApp } from '@/testing/render-app';

const credits = { credits: { available: 10, total_purchased: 0, total_used: 0, last_purchase: null, subscription_status: 'free' } };
const png = () => new Response(new Uint8Array([137, 80, 78, 71]), { headers: { 'content-type': 'image/png' } });

type Answer = () => Response;

function serve({ price, start }: { price: Answer; start: Answer }) {
  return mockFetch({
    'GET /api/auth/user/user-1/credits': () => json(credits),
    'GET /api/video/v1/storyboard': () => json(makeStoryboard()),
    'POST /api/storyboards/preview-frame': png,
    'POST /api/video/v1/revisions': (req) => ((req.body as { dry_run?: boolean }).dry_run ? price() : start()),
    'GET /api/job/job-2/status': () => json(makeJobStatus({ job_id: 'job-2', status: 'completed', progress: 100, cost: 0 })),
  });
}

beforeEach(() => window.localStorage.clear());

describe('editing a finished video', () => {
  it('asks the price first, says "free" for up to 3 changed scenes, then renders and opens the new version', { timeout: 20_000 }, async () => {
    const { requests } = serve({
      price: () => json({ job_id: null, cost: 0, scenes_changed: 1 }),
      start: () => json({ job_id: 'job-2', cost: 0, scenes_changed: 1 }, 202),
    });
    const { user, router } = renderApp({ path: '/video/v1/edit', session: makeSession() });
    const cards = await screen.findAllByTestId('scene-card');
    expect(screen.getByRole('heading', { level: 1, name: 'Edit video' })).toBeInTheDocument();

    const sentence = within(cards[0]!).getByLabelText('Sentence 1');
    await user.clear(sentence);
    await user.paste('Plants feed themselves.');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByTestId('revision-cost')).toHaveTextContent('1 scene changed — free');
    expect(screen.getByTestId('summary-cost')).toHaveTextContent('free');
    const storyboard = makeStoryboard();
    storyboard.scenes[0] = { ...storyboard.scenes[0]!, narration: ['Plants feed themselves.'] };
    const asked = requests.filter((r) => r.url === '/api/video/v1/revisions');
    expect(asked.map((r) => r.body)).toEqual([{ storyboard, dry_run: true }]);

    const confirm = screen.getByRole('button', { name: 'Confirm and render' });
    expect(confirm).toHaveFocus();
    await user.click(confirm);
    await waitFor(() => expect(router.state.location.pathname).toBe('/video/job-2'));
    expect(requests.filter((r) => r.url === '/api/video/v1/revisions').map((r) => r.body)).toEqual([
      { storyboard, dry_run: true },
      { storyboard },
    ]);
  });

  it('says "1 credit" above 3 changed scenes, asks again after another edit, and shows a 402', { timeout: 20_000 }, async () => {
    serve({
      price: () => json({ job_id: null, cost: 1, scenes_changed: 4 }),
      start: () => json({ detail: 'Not enough credits: this revision costs 1 and you have 0.' }, 402),
    });
    const { user } = renderApp({ path: '/video/v1/edit', session: makeSession() });
    const cards = await screen.findAllByTestId('scene-card');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByTestId('revision-cost')).toHaveTextContent('4 scenes changed — 1 credit');

    // An edit after the price was asked asks again.
    await user.type(within(cards[1]!).getByLabelText('Term'), 's');
    expect(screen.queryByTestId('revision-cost')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm and render' }));
    expect(await screen.findByText('Not enough credits: this revision costs 1 and you have 0.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Buy Credits' })).toHaveAttribute('href', '/credits');
  });

  it('says so when the video has no storyboard of the caller', async () => {
    mockFetch({
      'GET /api/auth/user/user-1/credits': () => json(credits),
      'GET /api/video/v9/storyboard': () => json({ detail: 'Video not found' }, 404),
    });
    renderApp({ path: '/video/v9/edit', session: makeSession() });
    expect(await screen.findByText('This video has no storyboard you can edit.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Back to the video/ })).toHaveAttribute('href', '/video/v9');
  });
});

describe('unsaved edits of a finished video (issue 54)', () => {
  it('are kept as a draft through leaving and coming back, asked about first, and can be discarded', { timeout: 20_000 }, async () => {
    serve({ price: () => json({ job_id: null, cost: 0, scenes_changed: 1 }), start: () => json({ job_id: 'job-2', cost: 0, scenes_changed: 1 }, 202) });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    const first = renderApp({ path: '/video/v1/edit', session: makeSession() });
    const sentence = within((await screen.findAllByTestId('scene-card'))[0]!).getByLabelText('Sentence 1');
    await first.user.clear(sentence);
    await first.user.paste('Plants feed themselves.');

    await first.user.click(screen.getByRole('link', { name: /Back to the video/ }));
    expect(confirm).toHaveBeenCalledTimes(1);
    expect(first.router.state.location.pathname).toBe('/video/v1/edit');
    await first.user.click(screen.getByRole('link', { name: /Back to the video/ }));
    await waitFor(() => expect(first.router.state.location.pathname).toBe('/video/v1'));
    first.unmount();

    const second = renderApp({ path: '/video/v1/edit', session: makeSession() });
    const again = within((await screen.findAllByTestId('scene-card'))[0]!).getByLabelText('Sentence 1');
    expect(again).toHaveValue('Plants feed themselves.');
    expect(screen.getByTestId('draft-restored')).toHaveTextContent('Your unsaved edits from last time are back.');
    await second.user.click(screen.getByRole('button', { name: 'Discard them' }));
    expect(within(screen.getAllByTestId('scene-card')[0]!).getByLabelText('Sentence 1')).toHaveValue(makeStoryboard().scenes[0]!.narration[0]);
    second.unmount();

    renderApp({ path: '/video/v1/edit', session: makeSession({ user: makeUser({ uid: 'user-2' }) }) });
    await screen.findAllByTestId('scene-card');
    expect(screen.queryByTestId('draft-restored')).not.toBeInTheDocument();
  });
});
