// Generated from the route table (src/shared/contract/routes.ts) by `npm run generate:api`. Do not edit.
// The typed client (api-client.ts) calls through these entries; typecheck and
// api-routes.generated.test.ts fail when they and the table disagree.
import type { ApiRoutes } from '@shared/contract/routes';

type Entry<R extends ApiRoutes[keyof ApiRoutes]> = { method: R['method']; path: R['path']; access: R['access']; answer: 'json' | 'file' | 'redirect' };

export const API_ROUTES = {
  register: { method: 'POST', path: '/api/register', access: 'public', answer: 'json' },
  login: { method: 'POST', path: '/api/login', access: 'public', answer: 'json' },
  logout: { method: 'POST', path: '/api/logout', access: 'public', answer: 'json' },
  getUser: { method: 'GET', path: '/api/user', access: 'user', answer: 'json' },
  loginRedirect: { method: 'GET', path: '/api/login', access: 'public', answer: 'redirect' },
  forgotPassword: { method: 'POST', path: '/api/forgot-password', access: 'public', answer: 'json' },
  resetPassword: { method: 'POST', path: '/api/reset-password', access: 'public', answer: 'json' },
  updateBusinessName: { method: 'PATCH', path: '/api/user/business-name', access: 'user', answer: 'json' },
  replaceBusinessName: { method: 'PUT', path: '/api/user/business-name', access: 'user', answer: 'json' },
  uploadLogo: { method: 'POST', path: '/api/user/logo', access: 'user', answer: 'json' },
  getLogo: { method: 'GET', path: '/api/user/logo', access: 'user', answer: 'file' },
  deleteLogo: { method: 'DELETE', path: '/api/user/logo', access: 'user', answer: 'json' },
  listProjects: { method: 'GET', path: '/api/projects', access: 'user', answer: 'json' },
  createProject: { method: 'POST', path: '/api/projects', access: 'user', answer: 'json' },
  getProject: { method: 'GET', path: '/api/projects/:id', access: 'user', answer: 'json' },
  updateProject: { method: 'PATCH', path: '/api/projects/:id', access: 'user', answer: 'json' },
  deleteProject: { method: 'DELETE', path: '/api/projects/:id', access: 'user', answer: 'json' },
  getReportPdf: { method: 'GET', path: '/api/projects/:id/report.pdf', access: 'user', answer: 'file' },
  addPhoto: { method: 'POST', path: '/api/projects/:id/photos', access: 'user', answer: 'json' },
  deletePhoto: { method: 'DELETE', path: '/api/photos/:id', access: 'user', answer: 'json' },
  getPhotoImage: { method: 'GET', path: '/api/photos/:id/image', access: 'user', answer: 'file' },
  getPhotoThumbnail: { method: 'GET', path: '/api/photos/:id/thumbnail', access: 'user', answer: 'file' },
  createPhotoPair: { method: 'POST', path: '/api/projects/:id/photo-pairs', access: 'user', answer: 'json' },
  autoPairAll: { method: 'POST', path: '/api/projects/:id/auto-pair-all', access: 'user', answer: 'json' },
  deletePhotoPair: { method: 'DELETE', path: '/api/photo-pairs/:id', access: 'user', answer: 'json' },
  getSubscriptionStatus: { method: 'GET', path: '/api/subscription-status', access: 'user', answer: 'json' },
  getBillingConfig: { method: 'GET', path: '/api/billing/config', access: 'public', answer: 'json' },
  upgradeSubscription: { method: 'POST', path: '/api/upgrade-subscription', access: 'user', answer: 'json' },
  createSubscription: { method: 'POST', path: '/api/create-subscription', access: 'user', answer: 'json' },
  cancelSubscription: { method: 'POST', path: '/api/cancel-subscription', access: 'user', answer: 'json' },
  confirmSandboxPayment: { method: 'POST', path: '/api/billing/sandbox/confirm', access: 'user', answer: 'json' },
  receiveBillingWebhook: { method: 'POST', path: '/api/billing/webhook', access: 'public', answer: 'json' },
  verifyAdmin: { method: 'POST', path: '/api/admin/verify', access: 'public', answer: 'json' },
  getAdminSession: { method: 'GET', path: '/api/admin/session', access: 'public', answer: 'json' },
  lockAdmin: { method: 'POST', path: '/api/admin/logout', access: 'public', answer: 'json' },
  getAdminAnalytics: { method: 'GET', path: '/api/admin/analytics', access: 'admin', answer: 'json' },
  getUsersCsv: { method: 'GET', path: '/api/admin/users.csv', access: 'admin', answer: 'file' },
  getOpenApiDocument: { method: 'GET', path: '/api/openapi.json', access: 'public', answer: 'json' },
} as const satisfies { [K in keyof ApiRoutes]: Entry<ApiRoutes[K]> };
