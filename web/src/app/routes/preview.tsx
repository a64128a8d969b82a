import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { paths, previewSourcePath } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { readPreviewSource, readVideoOrder } from '@/lib/video-order';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { creditsQueryKey } from '@/features/credits/api/get-credits';
import { PreviewScreen } from '@/features/editor/components/preview-screen';

/** Issue 16: /preview/{jobId}?topic=...&from=problem: a dry run's storyboard, checked before paying. */
export function PreviewRoute() {
  useDocumentTitle('Preview storyboard');
  const { jobId = '' } = useParams();
  const [params] = useSearchParams();
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const uid = user?.uid ?? null;
  // The create screen it came from is in the address too, so a reload still goes back there.
  const createPath = previewSourcePath(readPreviewSource(params));
  return (
    <div className="container page">
      <PreviewScreen
        key={jobId}
        jobId={jobId}
        order={readVideoOrder(params)}
        userId={uid}
        createPath={createPath}
        onRendering={(videoJobId) => {
          // The render was charged with its start: the balance in the navigation follows at once.
          if (uid) void queryClient.invalidateQueries({ queryKey: creditsQueryKey(uid) });
          navigate(paths.video(videoJobId), { state: { previousPage: createPath } });
        }}
      />
    </div>
  );
}
