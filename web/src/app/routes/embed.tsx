import { useState } from 'react';
import { useParams } from 'react-router';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { EmbeddedCourse } from '@/features/explore/components/embedded-course';
import { PublicVideoPlayer } from '@/features/player/components/public-video-player';

/** /embed/video/{id}: a published video filling another site's frame. */
export function EmbedVideoRoute() {
  const { videoId = '' } = useParams();
  const [title, setTitle] = useState('Video');
  useDocumentTitle(title);
  return (
    <div className="embed-page embed-page--video">
      <PublicVideoPlayer key={videoId} videoId={videoId} embedded onTitle={setTitle} />
    </div>
  );
}

/** /embed/course/{id}: a published course's lessons and the chosen one's player. */
export function EmbedCourseRoute() {
  const { courseId = '' } = useParams();
  const [title, setTitle] = useState('Course');
  useDocumentTitle(title);
  return (
    <div className="embed-page embed-page--course">
      <EmbeddedCourse
        key={courseId}
        courseId={courseId}
        onTitle={setTitle}
        renderPlayer={(lesson) => <PublicVideoPlayer videoId={lesson.jobId} embedded titleAs="h2" />}
      />
    </div>
  );
}
