import { cleanup, screen, waitFor, within } from '@testing-library/react';
import * as axe from 'axe-core';
import { beforeEach, describe, expect, it } from 'vitest';
import type { components } from '@/types/openapi';
import { makeSession } from '@/testing/data';
import { json, mockFetch } from '@/testing/mock-fetch';
import { renderApp } from '@/testing/render-app';

type SourceSummary = components['schemas']['SourceSummary'];

const credits = { credits: { available: 10, total_purchased: 0, total_used: 0, last_purchase: null, subscription_status: 'free' } };

function makeSource(id: string, title: string, overrides: Partial<SourceSummary> = {}): SourceSummary {
  return {
    id,
    title,
    kind: 'pdf',
    file_name: `${id}.pdf`,
    pages: 3,
    characters: 2345,
    passages: 4,
    bytes: 2400,
    created_at: '2026-11-29T09:00:00Z',
    ...overrides,
  };
}

const glass = makeSource('s-glass', 'Notes on the Veltrane glassworks');
const brine = makeSource('s-brine', 'Brine recipes', { kind: 'text', pages: null, passages: 1, file_name: null });

const listed = (sources: SourceSummary[]) => () => json({ sources, used_bytes: 4800, quota_bytes: 50 * 1024 * 1024 });

async function openForm(routes: Parameters<typeof mockFetch>[0]) {
  const fetched = mockFetch({ 'GET /api/auth/user/user-1/credits': () => json(credits), ...routes });
  const app = renderApp({ path: '/create/lesson', session: makeSession() });
  await screen.findByText('10 credits', { selector: 'dd' });
  return { ...fetched, ...app };
}

const sourcesGroup = () => screen.getByRole('group', { name: /Sources/ });

beforeEach(() => window.localStorage.clear());

describe('choosing sources for a video', () => {
  it('lists the documents, sends the chosen ones as source_ids and says so in the order', async () => {
    const { user, requests } = await openForm({
      'GET /api/sources': listed([glass, brine]),
      'POST /api/video/generate': () => json({ job_id: 'job-5', status: 'queued', cost: 1 }, 202),
    });
    const group = sourcesGroup();
    const glassBox = await within(group).findByRole('checkbox', { name: /Notes on the Veltrane glassworks/ });
    expect(within(group).getByText('PDF · 3 pages · 4 passages')).toBeInTheDocument();
    expect(within(group).getByText('Text · 1 passage')).toBeInTheDocument();
    expect(within(group).getByText('None chosen.')).toBeInTheDocument();
    expect(within(group).getByRole('link', { name: 'Add or remove documents' })).toHaveAttribute('href', '/sources');

    await user.click(within(group).getByRole('checkbox', { name: /Brine recipes/ }));
    await user.click(glassBox);
    expect(within(group).getByText('2 of 10 chosen.')).toBeInTheDocument();
    expect(screen.getByText('Written from your 2 documents, each sentence cited')).toBeInTheDocument();
    // Unchosen again from the keyboard.
    glassBox.focus();
    await user.keyboard(' ');
    expect(glassBox).not.toBeChecked();
    expect(screen.getByText('Written from your document, each sentence cited')).toBeInTheDocument();
    await user.keyboard(' ');

    const results = await axe.run(group, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((v) => v.id)).toEqual([]);

    await user.type(screen.getByLabelText('What should the video explain?'), 'Glass');
    await user.click(screen.getByRole('button', { name: /Generate video/ }));
    await waitFor(() => expect(requests.some((r) => r.url === '/api/video/generate')).toBe(true));
    expect(requests.find((r) => r.url === '/api/video/generate')?.body).toMatchObject({
      topic: 'Glass',
      source_ids: ['s-brine', 's-glass'],
      dry_run: false,
    });
  });

  it('says before charging that the offline writer does not write from the chosen documents', async () => {
    const { user } = await openForm({
      'GET /api/sources': listed([glass]),
      'GET /api/video-functions-status': () => json({ video_generation: { available: true } }),
      'GET /debug': () => json({ engines: { 'script writer': 'offline writer (labelled offline draft)' } }),
    });
    await screen.findByText('You will get an offline draft');
    await user.click(await within(sourcesGroup()).findByRole('checkbox', { name: /Veltrane/ }));
    expect(screen.getByText('Not written from your document: the offline writer uses the topic alone')).toBeInTheDocument();
    expect(screen.queryByText(/each sentence cited/)).toBeNull();
  });

  it('stops at 10: the other documents cannot be chosen and it says why', async () => {
    const many = Array.from({ length: 12 }, (_, i) => makeSource(`s${i}`, `Chapter ${i + 1}`));
    const { user } = await openForm({ 'GET /api/sources': listed(many) });
    const group = sourcesGroup();
    const boxes = await within(group).findAllByRole('checkbox');
    for (const box of boxes.slice(0, 10)) await user.click(box);
    expect(within(group).getByText('10 chosen: the most one video can use.')).toBeInTheDocument();
    expect(boxes[10]).toBeDisabled();
    expect(boxes[11]).toBeDisabled();
    await user.click(boxes[0]!);
    expect(boxes[10]).toBeEnabled();
  });

  it('shows no chooser to a learner without documents, and the video is written from the topic alone', async () => {
    // An empty chooser pushed Generate below a phone's first screen; the Sources page is in
    // the navigation.
    const { user, requests } = await openForm({
      'GET /api/sources': listed([]),
      'POST /api/video/generate': () => json({ job_id: 'job-6', status: 'queued', cost: 1 }, 202),
    });
    await waitFor(() => expect(requests.some((r) => r.url === '/api/sources')).toBe(true));
    expect(screen.queryByRole('group', { name: /Sources/ })).toBeNull();

    await user.type(screen.getByLabelText('What should the video explain?'), 'Tides');
    await user.click(screen.getByRole('button', { name: /Generate video/ }));
    await waitFor(() => expect(requests.some((r) => r.url === '/api/video/generate')).toBe(true));
    expect(requests.find((r) => r.url === '/api/video/generate')?.body).toMatchObject({ source_ids: [] });
  });

  it('shows a refusal of the chosen documents (422) beside them in plain words, and lists them again', async () => {
    let sources = [glass, brine];
    const { user, requests } = await openForm({
      'GET /api/sources': () => listed(sources)(),
      'POST /api/video/generate': () => {
        // The document was removed in another tab meanwhile.
        sources = [brine];
        return json(
          { detail: [{ loc: ['body', 'source_ids'], msg: 'source_ids names s-glass, which is not one of your sources', type: 'not_found' }] },
          422,
        );
      },
    });
    const group = sourcesGroup();
    await user.click(await within(group).findByRole('checkbox', { name: /Notes on the Veltrane glassworks/ }));
    await user.click(within(group).getByRole('checkbox', { name: /Brine recipes/ }));
    await user.type(screen.getByLabelText('What should the video explain?'), 'Glass');
    await user.click(screen.getByRole('button', { name: /Generate video/ }));

    const plain = "One of the documents you chose can't be used: it is no longer among your sources. Choose the documents again.";
    await waitFor(() => expect(within(group).getByText(plain)).toBeInTheDocument());
    expect(group).toHaveAccessibleDescription(expect.stringContaining(plain));
    expect(within(screen.getByTestId('generation-status')).getByText(plain)).toBeInTheDocument();
    expect(screen.queryByText(/source_ids names/)).toBeNull();
    // The list is asked again: the removed document is gone, and so is its choice.
    await waitFor(() => expect(within(group).queryByRole('checkbox', { name: /Veltrane/ })).toBeNull());
    expect(within(group).getByRole('checkbox', { name: /Brine recipes/ })).toBeChecked();
    expect(within(group).getByText('1 of 10 chosen.')).toBeInTheDocument();
    expect(requests.filter((r) => r.url === '/api/sources').length).toBeGreaterThanOrEqual(2);
    expect((await axe.run(group, { rules: { 'color-contrast': { enabled: false } } })).violations).toEqual([]);
  });

  it('keeps the choice in the draft, letting go of a document removed since (and of a damaged draft)', async () => {
    const key = 'lectern:draft:user-1:create-lesson';
    window.localStorage.setItem(key, JSON.stringify({ topic: 'Glass', sources: ['s-brine', 's-gone'] }));
    await openForm({ 'GET /api/sources': listed([glass, brine]) });
    const group = sourcesGroup();
    expect(await within(group).findByRole('checkbox', { name: /Brine recipes/ })).toBeChecked();
    expect(within(group).getByRole('checkbox', { name: /Veltrane/ })).not.toBeChecked();
    expect(within(group).getByText('1 of 10 chosen.')).toBeInTheDocument();
    await waitFor(() => expect(JSON.parse(window.localStorage.getItem(key) ?? '{}').sources).toEqual(['s-brine']));

    cleanup();
    window.localStorage.setItem(key, JSON.stringify({ topic: 'Glass', sources: null }));
    await openForm({ 'GET /api/sources': listed([glass]) });
    expect(await within(sourcesGroup()).findByText('None chosen.')).toBeInTheDocument();
    expect(screen.getByLabelText('What should the video explain?')).toHaveValue('Glass');
  });

  it('says when the documents could not be loaded, and tries again', async () => {
    let fail = true;
    const { user } = await openForm({
      'GET /api/sources': () => (fail ? json({ detail: 'The database is busy' }, 503) : listed([glass])()),
    });
    const group = sourcesGroup();
    expect(await within(group).findByText(/Your documents could not be loaded: The database is busy/)).toBeInTheDocument();
    fail = false;
    await user.click(within(group).getByRole('button', { name: 'Load them again' }));
    expect(await within(group).findByRole('checkbox', { name: /Veltrane/ })).toBeInTheDocument();
  });
});
