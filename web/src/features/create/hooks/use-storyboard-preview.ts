import { useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { generateVideo } from '@/features/create/api/generate-video';
import { buildVideoRequest, type LessonForm } from '@/features/create/lib/video-request';

/**
 * Issue 16's "Preview storyboard": the create form's request as a dry run (free), then the
 * preview screen, which follows it to its storyboard; the order goes along in the address.
 */
export function useStoryboardPreview(userId: string | null) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const preview = async (form: LessonForm) => {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      const request = buildVideoRequest(form, userId);
      const { job_id } = await generateVideo({ ...request, dry_run: true });
      navigate(
        paths.preview(job_id, {
          topic: request.topic,
          level: request.level,
          duration: request.duration,
          wpm: request.wpm,
          subtitles: request.enable_subtitles,
        }),
      );
    } catch (e) {
      // A 429 (too many free previews this hour) says so in its detail, like every other refusal.
      console.error('The storyboard preview could not start', e);
      setError(e instanceof Error && e.message ? e.message : 'The preview could not start.');
      setBusy(false);
    }
  };

  return { preview, busy, error };
}
