import { useState } from 'react';
import { Icon } from '@/components/ui/icon';
import { thumbnailSrc } from '@/features/library/lib/thumbnail';
import type { MediaItem } from '@/features/library/api/get-user-library';

/** The resolved thumbnail, or a calm placeholder when there is none or it fails to load. */
export function MediaThumbnail({ item }: { item: MediaItem }) {
  const src = thumbnailSrc(item);
  const [failed, setFailed] = useState<string | null>(null);
  if (src === null || failed === src) {
    return (
      <div className={`media-thumb media-thumb--placeholder media-thumb--${item.video_type}`} data-testid="thumbnail-placeholder">
        <Icon name={item.video_type === 'problem_solving' ? 'sigma' : 'presentation'} />
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
