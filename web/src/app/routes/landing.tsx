import { useState } from 'react';
import { Dialog } from '@/components/ui/dialog';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { ExploreCourseDialog } from '@/features/explore/components/explore-course-dialog';
import { ExploreSection } from '@/features/explore/components/explore-section';
import { LandingPage } from '@/features/landing/components/landing-page';
import { VideoPlayer } from '@/features/player/components/video-player';
import { defaultSubtitleUrl } from '@/features/player/lib/player-source';
import type { CourseItem, MediaItem } from '@/types/library';

export function LandingRoute() {
  useDocumentTitle('');
  const { status } = useAuth();
  const [playing, setPlaying] = useState<MediaItem | null>(null);
  const [course, setCourse] = useState<CourseItem | null>(null);
  const videoId = playing ? playing.job_id || playing.id : '';
  return (
    <>
      <LandingPage
        signedIn={status === 'signed-in'}
        explore={<ExploreSection onPlay={setPlaying} onOpenCourse={setCourse} />}
      />
      {playing?.video_url ? (
        // Published videos play here, for visitors too: their media need no sign-in.
        <Dialog title={playing.title} description={playing.topic} onClose={() => setPlaying(null)} wide>
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
          onClose={() => setCourse(null)}
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
