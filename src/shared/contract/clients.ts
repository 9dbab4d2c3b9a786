// Clients: the people and places a business cleans for, with their contact details. A report
// may be linked to one; the report keeps the name it was sent under.
import { z } from 'zod';
import { CLIENT_ADDRESS_MAX_LENGTH, CLIENT_NAME_MAX_LENGTH, CLIENT_NOTES_MAX_LENGTH, CLIENT_PHONE_MAX_LENGTH, EMAIL_MAX_LENGTH } from '../rules.js';
import { IdParamSchema, MessageResponseSchema } from './common.js';
import { ListQuerySchema } from './list-query.js';
import { defineRoute } from './route.js';
import { issueCode } from './issue-code.js';

export const ClientSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  notes: z.string().nullable(),
  createdAt: z.string(),
  /** How many of the business's reports are linked to this client. */
  reportCount: z.number(),
  /** When the newest of them was made (ISO 8601); null when none. */
  lastReportAt: z.string().nullable(),
});
export type Client = z.infer<typeof ClientSchema>;

const ClientNameSchema = z
  .string({ error: issueCode('client_record_name_not_text') })
  .trim()
  .min(1, issueCode('client_record_name_required'))
  .max(CLIENT_NAME_MAX_LENGTH, issueCode('client_record_name_too_long'));

/** Optional text: blank or null clears it (stored as null). */
const optionalText = (check: z.ZodType<string, string>, code: Parameters<typeof issueCode>[0]) =>
  z
    .union([z.string({ error: issueCode(code) }), z.null()], { error: issueCode(code) })
    .transform((value) => (value === null ? null : value.trim() || null))
    .pipe(z.union([z.null(), check]));

const EmailFieldSchema = optionalText(
  z
    .string()
    .max(EMAIL_MAX_LENGTH, issueCode('client_email_invalid'))
    .pipe(z.email(issueCode('client_email_invalid'))),
  'client_email_invalid',
);
// Digits, spaces and + ( ) - . only, with at least one digit: what a phone's dialler takes.
const PhoneFieldSchema = optionalText(
  z
    .string()
    .max(CLIENT_PHONE_MAX_LENGTH, issueCode('client_phone_invalid'))
    .regex(/^[0-9 +().-]*[0-9][0-9 +().-]*$/, issueCode('client_phone_invalid')),
  'client_phone_invalid',
);
const AddressFieldSchema = optionalText(z.string().max(CLIENT_ADDRESS_MAX_LENGTH, issueCode('client_address_invalid')), 'client_address_invalid');
const NotesFieldSchema = optionalText(z.string().max(CLIENT_NOTES_MAX_LENGTH, issueCode('client_notes_invalid')), 'client_notes_invalid');

export const CreateClientBodySchema = z.object({
  name: ClientNameSchema,
  email: EmailFieldSchema.optional(),
  phone: PhoneFieldSchema.optional(),
  address: AddressFieldSchema.optional(),
  notes: NotesFieldSchema.optional(),
});
export type CreateClientBody = z.infer<typeof CreateClientBodySchema>;

export const UpdateClientBodySchema = CreateClientBodySchema.partial().refine((body) => Object.values(body).some((value) => value !== undefined), {
  message: issueCode('client_update_empty'),
});
export type UpdateClientBody = z.infer<typeof UpdateClientBodySchema>;

export const ClientListQuerySchema = ListQuerySchema;

export const clientRoutes = {
  listClients: defineRoute({
    method: 'GET',
    path: '/api/clients',
    summary: "The business's clients, most recently served first (?q= searches names, ?limit=&before= pages)",
    access: 'member',
    query: ClientListQuerySchema,
    response: z.array(ClientSchema),
  }),
  createClient: defineRoute({
    method: 'POST',
    path: '/api/clients',
    summary: 'Add a client',
    access: 'member',
    body: CreateClientBodySchema,
    status: 201,
    response: ClientSchema,
  }),
  getClient: defineRoute({
    method: 'GET',
    path: '/api/clients/:id',
    summary: 'One client with their report count',
    access: 'member',
    params: IdParamSchema,
    response: ClientSchema,
  }),
  updateClient: defineRoute({
    method: 'PATCH',
    path: '/api/clients/:id',
    summary: "Change a client's details (past reports keep the name they were sent under)",
    access: 'manager',
    params: IdParamSchema,
    body: UpdateClientBodySchema,
    response: ClientSchema,
  }),
  deleteClient: defineRoute({
    method: 'DELETE',
    path: '/api/clients/:id',
    summary: "Delete a client; their reports stay, keeping the client's name, unlinked",
    access: 'manager',
    params: IdParamSchema,
    response: MessageResponseSchema,
  }),
};
