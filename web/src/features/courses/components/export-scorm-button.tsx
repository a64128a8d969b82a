import { useMutation } from '@tanstack/react-query';
import { useId } from 'react';
import { Icon } from '@/components/ui/icon';
import { ApiError } from '@/lib/api-client';
import type { CourseDetail } from '@/features/courses/api/get-course';
import { getScormPackage } from '@/features/courses/api/get-scorm-package';
import '@/features/courses/components/export-scorm-button.css';

type ExportScormButtonProps = {
  course: CourseDetail;
};

/** "Vaccines & the Immune System" → "vaccines-the-immune-system-scorm.zip". */
function scormFileName(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);
  return `${slug || 'course'}-scorm.zip`;
}

/** Hands the bytes to the browser as a download. */
function saveFile(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the URL by now; a later revoke leaves slow browsers time to.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

function failureText(error: Error): string {
  // 409: no lesson video is finished yet; the API's detail says so in full.
  if (error instanceof ApiError && error.status === 409) return error.message;
  return `The package could not be prepared: ${error.message}`;
}

/**
 * Issue 17: "Export for LMS" downloads the owner's course as a SCORM 1.2 package (each finished
 * lesson video with its captions, a player that reports completion and the checkpoint score).
 * The course page is only ever the owner's (the API answers anyone else 404).
 */
export function ExportScormButton({ course }: ExportScormButtonProps) {
  const noteId = useId();
  const fileName = scormFileName(course.title);
  const exportPackage = useMutation({
    mutationFn: () => getScormPackage(course.id),
    onSuccess: (blob) => saveFile(blob, fileName),
  });
  const ready = course.lessons.some((lesson) => lesson.video !== null);

  return (
    <div className="scorm-export">
      <button
        type="button"
        className="btn btn--secondary btn--sm"
        disabled={!ready || exportPackage.isPending}
        aria-describedby={noteId}
        onClick={() => exportPackage.mutate()}
      >
        {exportPackage.isPending ? (
          <>
            <span className="spinner" aria-hidden="true" /> Preparing package…
          </>
        ) : (
          <>
            <Icon name="graduation-cap" /> Export for LMS
          </>
        )}
      </button>
      <p id={noteId} className="scorm-export__note">
        {ready
          ? 'A SCORM 1.2 package of the finished lesson videos, for Moodle, Canvas and other LMSs.'
          : 'Available once a lesson video is finished.'}
      </p>
      <p className="visually-hidden" role="status">
        {exportPackage.isPending ? 'Preparing package…' : exportPackage.isSuccess ? `Downloaded ${fileName}.` : ''}
      </p>
      {exportPackage.error ? (
        <p className="scorm-export__error" role="alert">
          <Icon name="alert" /> {failureText(exportPackage.error)}
        </p>
      ) : null}
    </div>
  );
}
