import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { exploreCoursesOptions, exploreVideosOptions } from '@/features/explore/api/get-explore';
import { librarySectionKey } from '@/features/library/api/get-library';
import { makeCourseItem, makeMediaItem } from '@/testing/make-media-item';
import { navigatesInstantly, sectionsForPath, sectionThumbnails } from '@/app/preload/preload-plan';

const videos = (n: number, type: 'educational' | 'problem_solving', prefix: string) =>
  Array.from({ length: n }, (_, i) =>
    makeMediaItem({ id: `${prefix}${i}`, job_id: `${prefix}${i}`, video_type: type, thumbnail_url: `/t/${prefix}${i}` }),
  );
const courses = (n: number, prefix = 'c') =>
  Array.from({ length: n }, (_, i) => makeCourseItem({ id: `${prefix}${i}`, thumbnail_url: `/t/${prefix}${i}` }));
const page = (c: unknown[], v: unknown[]) => ({
  pages: [{ courses: c, videos: v, has_more_courses: false, has_more_videos: false }],
  pageParams: [0],
});

function cached() {
  const queryClient = new QueryClient();
  queryClient.setQueryData(librarySectionKey('u1', 'lessons'), page([], videos(30, 'educational', 'l')));
  queryClient.setQueryData(librarySectionKey('u1', 'solutions'), page([], videos(30, 'problem_solving', 's')));
  queryClient.setQueryData(librarySectionKey('u1', 'courses'), page(courses(30), []));
  queryClient.setQueryData(exploreCoursesOptions().queryKey, courses(20, 'ec'));
  queryClient.setQueryData(exploreVideosOptions().queryKey, [...videos(20, 'educational', 'el'), ...videos(20, 'problem_solving', 'es')]);
  return queryClient;
}

describe('what each page preloads (SPEC 2.2, 9)', () => {
  it('maps pages to the sections they show', () => {
    expect(sectionsForPath('/')).toEqual(['explore']);
    expect(sectionsForPath('/library')).toEqual(['courses', 'lessons', 'solutions']);
    expect(sectionsForPath('/library/courses')).toEqual(['courses']);
    expect(sectionsForPath('/courses')).toEqual(['courses']);
    expect(sectionsForPath('/lessons/')).toEqual(['lessons']);
    expect(sectionsForPath('/problems?x=1')).toEqual(['solutions']);
    expect(sectionsForPath('/credits')).toEqual([]);
  });

  it('navigates at once to /auth, /credits, /courses/{id} and /video/ paths', () => {
    for (const path of ['/auth?mode=signin', '/credits', '/credits/success', '/courses/abc', '/video/job-1']) {
      expect(navigatesInstantly(path)).toBe(true);
    }
    for (const path of ['/', '/library', '/courses', '/lessons', '/problems']) {
      expect(navigatesInstantly(path)).toBe(false);
    }
  });

  it('caps each section: lessons 20, courses 20, solutions 15, explore 30 combined', () => {
    const urls = sectionThumbnails(cached(), 'u1', ['courses', 'lessons', 'solutions', 'explore']);
    expect(urls.lessons).toHaveLength(20);
    expect(urls.courses).toHaveLength(20);
    expect(urls.solutions).toHaveLength(15);
    expect(urls.explore).toHaveLength(30);
    expect(urls.lessons[0]).toBe('/t/l0');
  });

  it('takes 6 items of each list for a navigation', () => {
    const urls = sectionThumbnails(cached(), 'u1', ['courses', 'lessons', 'solutions', 'explore'], 6);
    expect(urls.lessons).toHaveLength(6);
    expect(urls.courses).toHaveLength(6);
    expect(urls.solutions).toHaveLength(6);
    // Explore's three lists: courses, lessons and solutions.
    expect(urls.explore).toEqual([
      ...Array.from({ length: 6 }, (_, i) => `/t/ec${i}`),
      ...Array.from({ length: 6 }, (_, i) => `/t/el${i}`),
      ...Array.from({ length: 6 }, (_, i) => `/t/es${i}`),
    ]);
  });

  it('has nothing of the user’s sections without a user', () => {
    const urls = sectionThumbnails(cached(), null, ['lessons', 'explore']);
    expect(urls.lessons).toEqual([]);
    expect(urls.explore).toHaveLength(30);
  });
});
