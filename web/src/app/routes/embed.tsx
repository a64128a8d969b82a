import { useParams } from 'react-router';
import { useReportedTitle } from '@/hooks/use-document-title';
import { EmbeddedCourse } from '@/features/explore/components/embedded-course';
import { PublicVideoPlayer } from '@/features/player/components/public-video-player';

/** /embed/video/{id}: a published video filling another site's frame. */
export function EmbedVideoRoute() {
  const { videoId = '' } = useParams();
  const onTitle = useReportedTitle('Video');
  return (
    <div className="embed-page embed-page--video">
      <PublicVideoPlayer key={videoId} videoId={videoId} embedded onTitle={onTitle} />
    </div>
  );
}

/** /embed/course/{id}: a published course's lessons and the chosen one's player. */
export function EmbedCourseRoute() {
  const { courseId = '' } = useParams();
  const onTitle = useReportedTitle('Course');
  return (
    <div className="embed-page embed-page--course">
      <EmbeddedCourse
        key={courseId}
        courseId={courseId}
        onTitle={onTitle}
        renderPlayer={(lesson) => <PublicVideoPlayer videoId={lesson.jobId} embedded titleAs="h2" />}
      />
    </div>
  );
}
