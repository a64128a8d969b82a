import { Navigate, type RouteObject } from 'react-router';
import { CrashScreen } from '@/components/errors/crash-screen';
import { ProtectedRoute } from '@/features/auth/components/protected-route';
import { RootLayout } from '@/app/layout/root-layout';
import { AuthRoute } from '@/app/routes/auth';
import { CourseDetailRoute } from '@/app/routes/course-detail';
import { CreateRoute } from '@/app/routes/create';
import { CreditsRoute } from '@/app/routes/credits';
import { CreditsSuccessRoute } from '@/app/routes/credits-success';
import { LandingRoute } from '@/app/routes/landing';
import { LibraryRoute } from '@/app/routes/library';
import { SearchRoute } from '@/app/routes/search';
import { VideoPlayerRoute } from '@/app/routes/video-player';

/** SPEC.md 2.1 route table with the access rules of 2.2. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <CrashScreen />,
    children: [
      { index: true, element: <LandingRoute /> },
      { path: 'auth', element: <AuthRoute /> },
      {
        element: <ProtectedRoute />,
        children: [
          { path: 'library', element: <LibraryRoute tab="all" /> },
          { path: 'library/courses', element: <LibraryRoute tab="courses" /> },
          { path: 'library/lessons', element: <LibraryRoute tab="lessons" /> },
          { path: 'library/solutions', element: <LibraryRoute tab="solutions" /> },
          { path: 'courses', element: <LibraryRoute tab="courses" /> },
          { path: 'lessons', element: <LibraryRoute tab="lessons" /> },
          { path: 'problems', element: <LibraryRoute tab="solutions" /> },
          { path: 'create', element: <CreateRoute type={null} /> },
          { path: 'create/course', element: <CreateRoute type="course" /> },
          { path: 'create/lesson', element: <CreateRoute type="lesson" /> },
          { path: 'create/problem', element: <CreateRoute type="problem" /> },
          { path: 'courses/new', element: <CreateRoute type="course" /> },
          { path: 'lessons/new', element: <CreateRoute type="lesson" /> },
          { path: 'problems/new', element: <CreateRoute type="problem" /> },
          { path: 'courses/:courseId', element: <CourseDetailRoute /> },
          { path: 'search', element: <SearchRoute /> },
          { path: 'credits', element: <CreditsRoute /> },
          { path: 'credits/success', element: <CreditsSuccessRoute /> },
          { path: 'purchase-success', element: <CreditsSuccessRoute /> },
          { path: 'video/:videoId', element: <VideoPlayerRoute /> },
        ],
      },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];
