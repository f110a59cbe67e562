import { MAIL_SENDING_THROTTLE, handlersIn, route, type HttpRoute } from '../routing';

const submitContactMessage = handlersIn<typeof import('./submit-contact-message')>(
  'functions/contact/submit-contact-message.ts',
);

export const contactRoutes: HttpRoute[] = [
  route('SubmitContactMessage', 'POST /api/contact-messages', submitContactMessage('submitContactMessage'), {
    access: 'public',
    grants: ['table:write', 'bus:publish'],
    throttle: MAIL_SENDING_THROTTLE,
  }),
];
