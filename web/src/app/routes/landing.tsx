import { useState } from 'react';
import { MediaThumbnail } from '@/components/media/media-thumbnail';
import { Dialog } from '@/components/ui/dialog';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useAuth } from '@/features/auth/hooks/use-auth';
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
  const lessons = course?.lesson_count ?? 0;
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
        <Dialog title={course.title} description={course.goal} onClose={() => setCourse(null)}>
          <div className="explore-course">
            <div className="explore-course__cover">
              <MediaThumbnail item={course} variant="course" />
            </div>
            {course.description ? <p>{course.description}</p> : null}
            <p className="explore-course__meta">
              {lessons} {lessons === 1 ? 'lesson' : 'lessons'}
            </p>
          </div>
        </Dialog>
      ) : null}
    </>
  );
}
