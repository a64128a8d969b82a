import { Navigate, type RouteObject } from 'react-router';
import { CrashScreen } from '@/components/errors/crash-screen';
import { ProtectedRoute } from '@/features/auth/components/protected-route';
import type { LibraryTab } from '@/features/library/components/library-content';
import { EmbedLayout } from '@/app/layout/embed-layout';
import { RootLayout } from '@/app/layout/root-layout';
import { AuthRoute } from '@/app/routes/auth';
import { CourseDetailRoute } from '@/app/routes/course-detail';
import { CreateRoute, type CreateType } from '@/app/routes/create';
import { CreditsRoute } from '@/app/routes/credits';
import { CreditsSuccessRoute } from '@/app/routes/credits-success';
import { EmbedCourseRoute, EmbedVideoRoute } from '@/app/routes/embed';
import { LandingRoute } from '@/app/routes/landing';
import { LibraryRoute } from '@/app/routes/library';
import { PreviewRoute } from '@/app/routes/preview';
import { PricingRoute } from '@/app/routes/pricing';
import { SearchRoute } from '@/app/routes/search';
import { SourcesRoute } from '@/app/routes/sources';
import { VideoEditRoute } from '@/app/routes/video-edit';
import { VideoPlayerRoute } from '@/app/routes/video-player';
import { WatchRoute } from '@/app/routes/watch';

/** The library's paths and the tab each opens (the short ones are SPEC 2.1's aliases). */
const libraryTabs: Record<string, LibraryTab> = {
  library: 'all',
  'library/courses': 'courses',
  'library/lessons': 'lessons',
  'library/solutions': 'solutions',
  courses: 'courses',
  lessons: 'lessons',
  problems: 'solutions',
};

/** The create screen's paths and the form each opens (none: the choice of three). */
const createTypes: Record<string, CreateType | null> = {
  create: null,
  'create/course': 'course',
  'create/lesson': 'lesson',
  'create/problem': 'problem',
  'courses/new': 'course',
  'lessons/new': 'lesson',
  'problems/new': 'problem',
};

/** SPEC.md 2.1 route table with the access rules of 2.2, and issue 17's embeds outside the app's chrome. */
export const routes: RouteObject[] = [
  {
    path: 'embed',
    element: <EmbedLayout />,
    errorElement: <CrashScreen />,
    children: [
      { path: 'video/:videoId', element: <EmbedVideoRoute /> },
      { path: 'course/:courseId', element: <EmbedCourseRoute /> },
    ],
  },
  {
    element: <RootLayout />,
    errorElement: <CrashScreen />,
    children: [
      { index: true, element: <LandingRoute /> },
      { path: 'auth', element: <AuthRoute /> },
      { path: 'watch/:videoId', element: <WatchRoute /> },
      { path: 'pricing', element: <PricingRoute /> },
      {
        element: <ProtectedRoute />,
        children: [
          ...Object.entries(libraryTabs).map(([path, tab]) => ({ path, element: <LibraryRoute tab={tab} /> })),
          ...Object.entries(createTypes).map(([path, type]) => ({ path, element: <CreateRoute type={type} /> })),
          { path: 'courses/:courseId', element: <CourseDetailRoute /> },
          { path: 'search', element: <SearchRoute /> },
          { path: 'sources', element: <SourcesRoute /> },
          { path: 'credits', element: <CreditsRoute /> },
          { path: 'credits/success', element: <CreditsSuccessRoute /> },
          { path: 'purchase-success', element: <CreditsSuccessRoute /> },
          { path: 'video/:videoId', element: <VideoPlayerRoute /> },
          { path: 'video/:videoId/edit', element: <VideoEditRoute /> },
          { path: 'preview/:jobId', element: <PreviewRoute /> },
        ],
      },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];
