import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate, useParams } from 'react-router';
import { EmbedButton } from '@/components/embed/embed-button';
import { paths } from '@/config/paths';
import { useReportedTitle } from '@/hooks/use-document-title';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { courseRootKey } from '@/features/courses/api/get-course';
import { revisionsQueryOptions } from '@/features/editor/api/revisions';
import { OldVersionNotice } from '@/features/editor/components/old-version-notice';
import { VersionsPanel } from '@/features/editor/components/versions-panel';
import { libraryRootKey } from '@/features/library/api/get-library';
import { libraryVideoQueryOptions } from '@/features/library/api/get-library-video';
import { playerJobQueryOptions } from '@/features/player/api/get-player-job';
import { PlayerScreen } from '@/features/player/components/player-screen';
import { readNavigationState, type StoredVideo } from '@/features/player/lib/player-source';

export function VideoPlayerRoute() {
  const { videoId } = useParams();
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  // SPEC 2.3: video URL, subtitle URL, title, description and the page to go back to arrive through navigation state.
  const state = readNavigationState(useLocation().state);
  const hasId = videoId !== undefined && videoId !== 'view';
  const signedIn = Boolean(user?.uid);
  // Issue 19: the title and description are the library's, whichever screen opened the player.
  const record = useQuery({
    ...libraryVideoQueryOptions(user?.uid ?? '', videoId ?? ''),
    enabled: signedIn && hasId,
  });
  // Issue 16: only the owner is answered a video's versions (or finds it in their library): they may edit it.
  // A video still rendering has none yet: ask once its job has completed (the player polls the same query),
  // or at once when the id is not a job's (a library video id).
  const job = useQuery({ ...playerJobQueryOptions(videoId ?? ''), enabled: signedIn && hasId });
  const settled = job.data?.status === 'completed' || job.isError;
  const revisions = useQuery({ ...revisionsQueryOptions(videoId ?? ''), enabled: signedIn && hasId && settled });
  const owner = hasId && (Boolean(record.data) || revisions.isSuccess);
  const stored: StoredVideo = record.data
    ? { title: record.data.title, description: record.data.description ?? null }
    : record.isError
      ? null
      : record.data;
  const onTitle = useReportedTitle(state.title ?? 'Video');
  return (
    <PlayerScreen
      // Each version (job) gets a player of its own: its media, and this visit's checkpoint answers, never another's.
      key={videoId}
      videoId={videoId}
      state={state}
      homePath={paths.home}
      onTitle={onTitle}
      stored={stored}
      storedPending={record.isPending && signedIn && hasId}
      editPath={owner && videoId ? paths.videoEdit(videoId) : null}
      actions={
        // Issue 17: a published video of the user's own can be shown on other sites.
        record.data?.is_public && videoId ? (
          <EmbedButton kind="video" id={record.data.job_id || videoId} title={record.data.title} />
        ) : null
      }
      notice={videoId ? <OldVersionNotice videoId={videoId} revisions={revisions.data} /> : null}
      tracksProgress={owner}
      onProgressSaved={(progress) => {
        // A lesson watched to the end, or its questions answered, count on its course's page.
        if (progress.completed || progress.checkpoints.length > 0) void queryClient.invalidateQueries({ queryKey: courseRootKey });
      }}
      extras={
        owner && videoId ? (
          <VersionsPanel
            videoId={videoId}
            onRestored={(jobId) => {
              if (user) void queryClient.invalidateQueries({ queryKey: libraryRootKey(user.uid) });
              navigate(paths.video(jobId), { state: { previousPage: state.previousPage } });
            }}
          />
        ) : null
      }
    />
  );
}
