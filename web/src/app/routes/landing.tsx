import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { Dialog } from '@/components/ui/dialog';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { exploreCoursesOptions, exploreVideosOptions } from '@/features/explore/api/get-explore';
import { ExploreCourseDialog } from '@/features/explore/components/explore-course-dialog';
import { ExploreSection } from '@/features/explore/components/explore-section';
import { LandingPage } from '@/features/landing/components/landing-page';
import { VideoPlayer } from '@/features/player/components/video-player';
import { defaultSubtitleUrl } from '@/features/player/lib/player-source';
import type { CourseItem, MediaItem } from '@/types/library';

export function LandingRoute() {
  useDocumentTitle('');
  const { status } = useAuth();
  // What is open is in the address (?video=… or ?course=…): a link to it opens it again, and
  // Back closes it (issue 54: the address stayed "/", nothing to share).
  const [params, setParams] = useSearchParams();
  const openVideo = params.get('video');
  const openCourse = params.get('course');
  const videos = useQuery({ ...exploreVideosOptions(), enabled: openVideo !== null });
  const courses = useQuery({ ...exploreCoursesOptions(), enabled: openCourse !== null });
  const playing = openVideo ? (videos.data?.find((v) => v.job_id === openVideo || v.id === openVideo) ?? null) : null;
  const course = openCourse ? (courses.data?.find((c) => c.id === openCourse) ?? null) : null;
  const setPlaying = (item: MediaItem) => setParams({ video: item.job_id || item.id });
  const setCourse = (item: CourseItem) => setParams({ course: item.id });
  const close = () => setParams({}, { replace: true });
  const videoId = playing ? playing.job_id || playing.id : '';
  return (
    <>
      <LandingPage
        signedIn={status === 'signed-in'}
        explore={<ExploreSection onPlay={setPlaying} onOpenCourse={setCourse} />}
      />
      {playing?.video_url ? (
        // Published videos play here, for visitors too: their media need no sign-in.
        <Dialog title={playing.title} description={playing.topic} onClose={close} wide>
          <VideoPlayer
            videoId={videoId}
            videoUrl={playing.video_url}
            subtitleUrl={playing.subtitle_url ?? defaultSubtitleUrl(videoId)}
            chaptersUrl={playing.chapters_url ?? null}
            transcriptUrl={playing.transcript_url ?? null}
            title={playing.title}
          />
        </Dialog>
      ) : null}
      {course ? (
        // A published course's lesson videos play in its dialog, for visitors too.
        <ExploreCourseDialog
          course={course}
          onClose={close}
          renderPlayer={(lesson) => (
            <VideoPlayer
              videoId={lesson.jobId}
              videoUrl={lesson.video.video_url}
              subtitleUrl={lesson.video.subtitle_url}
              chaptersUrl={lesson.video.chapters_url}
              transcriptUrl={lesson.video.transcript_url}
              title={lesson.title}
            />
          )}
        />
      ) : null}
    </>
  );
}
