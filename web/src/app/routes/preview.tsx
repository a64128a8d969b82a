import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { readVideoOrder } from '@/lib/video-order';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { creditsQueryKey } from '@/features/credits/api/get-credits';
import { PreviewScreen } from '@/features/editor/components/preview-screen';

/** Issue 16: /preview/{jobId}?topic=...: a dry run's storyboard, checked before paying. */
export function PreviewRoute() {
  useDocumentTitle('Preview storyboard');
  const { jobId = '' } = useParams();
  const [params] = useSearchParams();
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const uid = user?.uid ?? null;
  return (
    <div className="container page">
      <PreviewScreen
        key={jobId}
        jobId={jobId}
        order={readVideoOrder(params)}
        userId={uid}
        onRendering={(videoJobId) => {
          // The render was charged with its start: the balance in the navigation follows at once.
          if (uid) void queryClient.invalidateQueries({ queryKey: creditsQueryKey(uid) });
          navigate(paths.video(videoJobId), { state: { previousPage: paths.createLesson } });
        }}
      />
    </div>
  );
}
