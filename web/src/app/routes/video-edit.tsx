import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { creditsQueryKey } from '@/features/credits/api/get-credits';
import { EditVideoScreen } from '@/features/editor/components/edit-video-screen';
import { libraryRootKey } from '@/features/library/api/get-library';

/** Issue 16: /video/{videoId}/edit: a finished video's storyboard, fixed and rendered as a new version. */
export function VideoEditRoute() {
  useDocumentTitle('Edit video');
  const { videoId = '' } = useParams();
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const uid = user?.uid ?? null;
  return (
    <div className="container page">
      <EditVideoScreen
        key={videoId}
        videoId={videoId}
        userId={uid}
        playerPath={paths.video(videoId)}
        onRevised={(jobId) => {
          if (uid) {
            void queryClient.invalidateQueries({ queryKey: creditsQueryKey(uid) });
            void queryClient.invalidateQueries({ queryKey: libraryRootKey(uid) });
          }
          navigate(paths.video(jobId));
        }}
      />
    </div>
  );
}
