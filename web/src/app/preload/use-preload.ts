import { useContext } from 'react';
import { PreloadContext, type PreloadContextValue } from '@/app/preload/preload-provider';

/** The preload context, or null outside a PreloadProvider (links then behave as plain links). */
export function usePreload(): PreloadContextValue | null {
  return useContext(PreloadContext);
}
