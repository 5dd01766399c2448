import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { VendorAuthorizationPage } from './features/vendor-authorization/VendorAuthorizationPage.tsx';
import { isFullAdmin, isPartnerConfigAdmin } from '@portal/domain';
import { AccountInformationForm } from './features/account/AccountInformationForm.tsx';
import { AccountPage } from './features/account/AccountPage.tsx';
import { PasswordSettingsForm } from './features/account/PasswordSettingsForm.tsx';
import { ActivityPage } from './features/activity/ActivityPage.tsx';
import { BulkEditConfirmationPage } from './features/bulk-edit/BulkEditConfirmationPage.tsx';
import { BulkEditPage } from './features/bulk-edit/BulkEditPage.tsx';
import { AdminLoginPage } from './features/auth/AdminLoginPage.tsx';
import { LoginPage } from './features/auth/LoginPage.tsx';
import { ResetPasswordPage } from './features/auth/ResetPasswordPage.tsx';
import { ResetPasswordRequestPage } from './features/auth/ResetPasswordRequestPage.tsx';
import { StrengthenPasswordPage } from './features/auth/StrengthenPasswordPage.tsx';
import { BrandProfilePage } from './features/brand-profile/BrandProfilePage.tsx';
import { AccessPage } from './features/bulk-ingestion/AccessPage.tsx';
import { ImportJobPage } from './features/bulk-ingestion/ImportJobPage.tsx';
import { ImportJobsPage } from './features/bulk-ingestion/ImportJobsPage.tsx';
import { AddImagesConfirmationPage, AddImagesPage } from './features/catalogue/AddImagesPage.tsx';
import { CataloguedListPage } from './features/catalogue/CataloguedListPage.tsx';
import { CataloguedProductPage } from './features/catalogue/CataloguedProductPage.tsx';
import { ConfirmationPage } from './features/intake/ConfirmationPage.tsx';
import { DesignateUpcPage } from './features/intake/DesignateUpcPage.tsx';
import { UploadFilesPage } from './features/intake/UploadFilesPage.tsx';
import { ShippingAssignmentsPage } from './features/shipping-profiles/ShippingAssignmentsPage.tsx';
import { ShippingProfilesPage } from './features/shipping-profiles/ShippingProfilesPage.tsx';
import { LandingPagePreviewPage } from './features/settings/LandingPagePreviewPage.tsx';
import { PartnerConfigurationPage } from './features/settings/PartnerConfigurationPage.tsx';
import { SettingsPage } from './features/settings/SettingsPage.tsx';
import { ResubmitConfirmationPage } from './features/submissions/ResubmitConfirmationPage.tsx';
import { ResubmitPage } from './features/submissions/ResubmitPage.tsx';
import { SubmissionDetailPage } from './features/submissions/SubmissionDetailPage.tsx';
import { AppNavigate } from './partner/AppLink.tsx';
import { RedirectKeepingRest, RequireAccess, RequireFlag } from './routes/access-routes.tsx';
import { PartnerScope } from './routes/PartnerScope.tsx';
import { GuestOnly, HomeRoute, RequireSession, ScheduleRoute, UnknownRoute } from './routes/session-routes.tsx';
import { Placeholder } from './ui/Placeholder.tsx';

/** Screens of later issues: their heading from the spec, and the page title. */
const later = (heading: string, title?: string) => <Placeholder heading={heading} title={title} />;

const loggedOutRoutes: RouteObject[] = [
  { path: 'login', element: <LoginPage /> },
  { path: 'login/admin', element: <AdminLoginPage /> },
  { path: 'login/strengthen-password', element: <StrengthenPasswordPage /> },
  { path: 'reset-password', element: <ResetPasswordRequestPage /> },
  { path: 'reset-password/:token', element: <ResetPasswordPage /> },
];

const loggedInRoutes: RouteObject[] = [
  // Upload and drafts
  { path: 'upload', element: <UploadFilesPage /> },
  { path: 'upload/file_select', element: <UploadFilesPage /> },
  { path: 'upload/draft/:id', element: <DesignateUpcPage /> },
  { path: 'upload/draft/:id/designate_upc', element: <DesignateUpcPage /> },
  { path: 'upload/draft/:id/confirmation', element: <ConfirmationPage /> },
  { path: 'upload_draft/:id', element: <DesignateUpcPage /> },

  // Activity and submissions
  { path: 'activity', element: <ActivityPage /> },
  { path: 'activity/:tab', element: <ActivityPage /> },
  { path: 'productSubmissions/:id', element: <SubmissionDetailPage /> },
  { path: 'productSubmissions/:id/resubmit', element: <ResubmitPage /> },
  { path: 'productSubmissions/:id/resubmit/confirmation', element: <ResubmitConfirmationPage /> },
  { path: 'products/*', element: <RedirectKeepingRest to="/productSubmissions" /> },

  // Catalogue
  { path: 'catalogued', element: <AppNavigate to="/cataloguedProducts" replace /> },
  { path: 'cataloguedProducts', element: <CataloguedListPage /> },
  { path: 'cataloguedProducts/:ean13Upc', element: <CataloguedProductPage /> },
  {
    path: 'cataloguedProducts/:ean13Upc/upload',
    children: [
      { index: true, element: <Navigate to="file_select" replace /> },
      { path: 'file_select', element: <AddImagesPage /> },
      { path: 'confirmation', element: <AddImagesConfirmationPage /> },
    ],
  },

  // Account: only for accounts whose details this portal keeps (the menu item follows the same rule);
  // users of the outside identity provider manage theirs there, and the server refuses their changes.
  {
    element: <RequireAccess allow={(user) => user.isAuth0User} />,
    children: [
      {
        path: 'account',
        element: <AccountPage />,
        children: [
          { index: true, element: <Navigate to="information" replace /> },
          { path: 'information', element: <AccountInformationForm /> },
          { path: 'password', element: <PasswordSettingsForm /> },
        ],
      },
    ],
  },

  // Partner operations (part 2)
  { path: 'edit-multiple', element: <BulkEditPage /> },
  { path: 'edit-multiple/confirmation', element: <BulkEditConfirmationPage /> },
  { path: 'vendor-authorization', element: <VendorAuthorizationPage /> },
  {
    element: <RequireFlag flag="BRAND_PROFILE" />,
    children: [{ path: 'brandProfile', element: <BrandProfilePage /> }],
  },
  {
    element: <RequireFlag flag="SHIPPING_PROFILE" />,
    children: [
      { path: 'shippingProfiles', element: <ShippingProfilesPage /> },
      { path: 'shippingProfiles/:id/assignments', element: <ShippingAssignmentsPage /> },
    ],
  },
  {
    element: (
      <RequireAccess allow={(user) => user.hasBulkIngestionAccess} otherwise={<AppNavigate to="/activity" replace />} />
    ),
    children: [
      { path: 'import-jobs', element: <ImportJobsPage /> },
      { path: 'import-jobs/:jobId', element: <ImportJobPage /> },
    ],
  },
  {
    element: <RequireAccess allow={isFullAdmin} />,
    children: [{ path: 'access', element: <AccessPage /> }],
  },
  {
    element: <RequireAccess allow={isPartnerConfigAdmin} />,
    children: [
      { path: 'settings', element: <SettingsPage /> },
      { path: 'settings/:id', element: <PartnerConfigurationPage /> },
      { path: 'settings/:id/landing-page', element: <LandingPagePreviewPage /> },
    ],
  },
];

/**
 * Every route exists once, under the optional partner segment: `/login` and
 * `/30443/login` are the same route, with the partner id in context.
 */
export const routes: RouteObject[] = [
  {
    path: '/:partnerId?',
    element: <PartnerScope />,
    children: [
      { index: true, element: <HomeRoute /> },
      { path: 'schedule', element: <ScheduleRoute /> },
      { element: <GuestOnly />, children: loggedOutRoutes },
      { element: <RequireSession />, children: loggedInRoutes },
      { path: '*', element: <UnknownRoute /> },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routes);
