import { useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import type { PreviewSource, VideoOrder } from '@/lib/video-order';
import { generateSolution, type SolutionRequest } from '@/features/create/api/generate-solution';
import { generateVideo, type VideoRequest } from '@/features/create/api/generate-video';
import { buildSolutionRequest, solutionVideoOrder, type ProblemForm } from '@/features/create/lib/solution-request';
import { buildVideoRequest, lessonVideoOrder, type LessonForm } from '@/features/create/lib/video-request';

/** What differs between the forms a storyboard is previewed from: their request, where it goes, and the video it orders. */
export type PreviewKind<Form, Request extends { dry_run: boolean }> = {
  /** The create screen, named in the preview's address for the way back. */
  from: PreviewSource;
  build: (form: Form, userId: string | null | undefined) => Request;
  send: (request: Request) => Promise<{ job_id: string }>;
  /** The video that "Render this video" orders with the previewed storyboard. */
  order: (request: Request) => VideoOrder;
};

export const lessonPreview: PreviewKind<LessonForm, VideoRequest> = {
  from: 'lesson',
  build: buildVideoRequest,
  send: generateVideo,
  order: lessonVideoOrder,
};

export const problemPreview: PreviewKind<ProblemForm, SolutionRequest> = {
  from: 'problem',
  build: buildSolutionRequest,
  send: generateSolution,
  order: solutionVideoOrder,
};

/**
 * Issue 16's "Preview storyboard": the create form's request as a dry run (free), then the
 * preview screen, which follows it to its storyboard; the order and the form it came from go
 * along in the address.
 */
export function useStoryboardPreview<Form, Request extends { dry_run: boolean }>(
  userId: string | null,
  kind: PreviewKind<Form, Request>,
) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const preview = async (form: Form) => {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      const request = kind.build(form, userId);
      const { job_id } = await kind.send({ ...request, dry_run: true });
      navigate(paths.preview(job_id, kind.order(request), kind.from));
    } catch (e) {
      // A 429 (too many free previews this hour) says so in its detail, like every other refusal.
      console.error('The storyboard preview could not start', e);
      setError(e instanceof Error && e.message ? e.message : 'The preview could not start.');
      setBusy(false);
    }
  };

  return { preview, busy, error };
}
