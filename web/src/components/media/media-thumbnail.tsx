import { useState } from 'react';
import { Icon } from '@/components/ui/icon';
import { thumbnailSrc } from '@/lib/thumbnail';

type ThumbnailItem = {
  thumbnail_url?: string | null;
  has_thumbnail?: boolean;
  job_id?: string | null;
  id?: string | null;
};

/** The resolved thumbnail, or a calm placeholder when there is none or it fails to load. */
export function MediaThumbnail({ item, variant }: { item: ThumbnailItem; variant: string }) {
  const src = thumbnailSrc(item);
  const [failed, setFailed] = useState<string | null>(null);
  if (src === null || failed === src) {
    return (
      <div className={`media-thumb media-thumb--placeholder media-thumb--${variant}`} data-testid="thumbnail-placeholder">
        <Icon name={variant === 'problem_solving' ? 'sigma' : variant === 'course' ? 'layers' : 'presentation'} />
      </div>
    );
  }
  return (
    <img
      className="media-thumb"
      src={src}
      alt=""
      loading="lazy"
      decoding="async"
      onError={() => {
        console.warn(`Failed to load ${src}`);
        setFailed(src);
      }}
    />
  );
}
