import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch } from '@/testing/mock-fetch';
import { makeJobStatus } from '@/testing/make-job-status';
import { makeMediaItem } from '@/testing/make-media-item';
import { makeSession } from '@/testing/data';
import { renderApp } from '@/testing/render-app';

const credits = { credits: { available: 10, total_purchased: 0, total_used: 0, last_purchase: null, subscription_status: 'free' } };
const done = (id: string) =>
  json(makeJobStatus({ job_id: id, status: 'completed', progress: 100, video_url: `/api/video/${id}?t=a`, subtitle_url: `/api/media/subtitles/${id}?t=a` }));

const revisions = {
  revisions: [
    { number: 2, job_id: 'job-2', created_at: '2026-03-02T10:00:00Z', current: true, scenes_changed: 1, cost: 0 },
    { number: 1, job_id: 'job-1', created_at: '2026-03-01T10:00:00Z', current: false, scenes_changed: 0, cost: 1 },
  ],
};

beforeEach(() => {
  window.localStorage.clear();
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(() => Promise.resolve());
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
});

describe('the player for the owner of a finished video', () => {
  it('links to the editor and lists the versions, newest first; restoring one plays it', async () => {
    const { requests } = mockFetch({
      'GET /api/auth/user/user-1/credits': () => json(credits),
      'GET /api/job/job-2/status': () => done('job-2'),
      'GET /api/job/job-1/status': () => done('job-1'),
      'GET /api/library/videos/job-2': () => json(makeMediaItem({ job_id: 'job-2' })),
      'GET /api/video/job-2/revisions': () => json(revisions),
      'POST /api/video/job-2/revisions/1/restore': () => json(makeMediaItem({ job_id: 'job-1' })),
    });
    const { user, router } = renderApp({ path: '/video/job-2', session: makeSession() });

    expect(await screen.findByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/video/job-2/edit');
    await user.click(await screen.findByText('Versions (2)'));
    const items = within(screen.getByRole('list', { name: 'Versions' })).getAllByTestId('version');
    expect(items[0]).toHaveTextContent(/^Version 2Current.*2026.* · 1 scene changed · free$/);
    expect(items[1]).toHaveTextContent(/^Version 1.*2026.* · the first version · 1 creditRestore version 1$/);
    expect(within(items[0]!).getByText(/2026/)).toHaveAttribute('datetime', '2026-03-02T10:00:00Z');
    expect(within(items[0]!).queryByRole('button')).not.toBeInTheDocument();

    await user.click(within(items[1]!).getByRole('button', { name: 'Restore version 1' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/video/job-1'));
    expect(requests.some((r) => r.method === 'POST' && r.url === '/api/video/job-2/revisions/1/restore')).toBe(true);
  });

  it('offers neither to someone else', async () => {
    mockFetch({
      'GET /api/auth/user/user-1/credits': () => json(credits),
      'GET /api/job/job-5/status': () => done('job-5'),
    });
    renderApp({ path: '/video/job-5', session: makeSession() });
    await screen.findByTestId('video');
    await waitFor(() => expect(screen.queryByRole('heading', { level: 1, busy: true })).not.toBeInTheDocument());
    expect(screen.queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();
    expect(screen.queryByText(/Versions/)).not.toBeInTheDocument();
  });
});

describe('an earlier version of a video (issue 54)', () => {
  it('says it is not the current version and links to the current one', async () => {
    mockFetch({
      'GET /api/auth/user/user-1/credits': () => json(credits),
      'GET /api/job/job-1/status': () => done('job-1'),
      'GET /api/library/videos/job-1': () => json(makeMediaItem({ job_id: 'job-2' })),
      'GET /api/video/job-1/revisions': () => json(revisions),
    });
    renderApp({ path: '/video/job-1', session: makeSession() });
    const notice = await screen.findByTestId('old-version');
    expect(notice).toHaveTextContent('This is version 1 of this video, not the current one (version 2).');
    expect(within(notice).getByRole('link', { name: 'Watch the current version' })).toHaveAttribute('href', '/video/job-2');
  });

  it('says nothing on the current version', async () => {
    mockFetch({
      'GET /api/auth/user/user-1/credits': () => json(credits),
      'GET /api/job/job-2/status': () => done('job-2'),
      'GET /api/library/videos/job-2': () => json(makeMediaItem({ job_id: 'job-2' })),
      'GET /api/video/job-2/revisions': () => json(revisions),
    });
    renderApp({ path: '/video/job-2', session: makeSession() });
    await screen.findByText('Versions (2)');
    expect(screen.queryByTestId('old-version')).not.toBeInTheDocument();
  });
});
