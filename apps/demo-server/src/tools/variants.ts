// The variant tools: one form each, covering every restricted-schema variant, formats and bounds. Each echoes the
// answer once the kit has re-validated it.
import { defineTool, formQuestion, toolResult } from '@elicitation-kit/server';
import type { CallToolResult } from '@modelcontextprotocol/server';

function echo(content: Record<string, unknown>): CallToolResult {
  return toolResult({ status: 'received', content });
}

export const allFieldTypes = defineTool({
  name: 'all-field-types',
  title: 'All field types',
  description:
    'One form with all eight restricted-schema variants (string, integer, boolean, four enum styles, legacy enumNames), each with a default. Echoes the validated answer.',
  questions: {
    profile: formQuestion({
      message: 'Tell us about yourself (every field type in one form).',
      requestedSchema: {
        type: 'object',
        properties: {
          name: { type: 'string', title: 'Display name', minLength: 2, maxLength: 40, default: 'Ada' },
          age: { type: 'integer', title: 'Age', minimum: 0, maximum: 150, default: 36 },
          newsletter: { type: 'boolean', title: 'Send me the newsletter', default: false },
          size: { type: 'string', title: 'T-shirt size', enum: ['S', 'M', 'L', 'XL'], default: 'M' },
          plan: {
            type: 'string',
            title: 'Plan',
            oneOf: [
              { const: 'free', title: 'Free' },
              { const: 'team', title: 'Team (5 seats)' },
              { const: 'enterprise', title: 'Enterprise' },
            ],
            default: 'team',
          },
          tags: {
            type: 'array',
            title: 'Tags',
            minItems: 1,
            maxItems: 3,
            items: { type: 'string', enum: ['billing', 'support', 'sales', 'research'] },
            default: ['support'],
          },
          regions: {
            type: 'array',
            title: 'Regions',
            items: {
              anyOf: [
                { const: 'eu', title: 'Europe' },
                { const: 'us', title: 'United States' },
                { const: 'apac', title: 'Asia Pacific' },
              ],
            },
            default: ['eu'],
          },
          priority: {
            type: 'string',
            title: 'Priority',
            enum: ['p1', 'p2', 'p3'],
            enumNames: ['Urgent', 'Normal', 'Low'],
            default: 'p2',
          },
        },
        required: ['name', 'plan', 'tags'],
      },
    }),
  },
  accept: ({ profile }) => echo(profile),
});

export const stringFormats = defineTool({
  name: 'string-formats',
  title: 'String formats and lengths',
  description:
    'Strings with the email, uri, date and date-time formats and with minLength/maxLength. Echoes the validated answer.',
  questions: {
    contact: formQuestion({
      message: 'Your contact details (formats and lengths).',
      requestedSchema: {
        type: 'object',
        properties: {
          email: { type: 'string', title: 'Email', format: 'email', default: 'ada@example.com' },
          website: { type: 'string', title: 'Website', format: 'uri', description: 'Starts with https://' },
          birthday: { type: 'string', title: 'Birthday', format: 'date' },
          meeting: { type: 'string', title: 'Meeting time', format: 'date-time' },
          username: { type: 'string', title: 'Username', minLength: 3, maxLength: 16 },
          bio: { type: 'string', title: 'Short bio', maxLength: 140 },
        },
        required: ['email', 'username'],
      },
    }),
  },
  accept: ({ contact }) => echo(contact),
});

export const numberBounds = defineTool({
  name: 'number-bounds',
  title: 'Number bounds',
  description:
    'Integer and number fields with minimum/maximum (fractional bounds, negative bounds) and defaults. Echoes the validated answer.',
  questions: {
    order: formQuestion({
      message: 'Order details (number and integer bounds).',
      requestedSchema: {
        type: 'object',
        properties: {
          quantity: { type: 'integer', title: 'Quantity', minimum: 1, maximum: 99, default: 1 },
          discount: { type: 'number', title: 'Discount (%)', minimum: 0, maximum: 12.5, default: 2.5 },
          temperature: { type: 'number', title: 'Temperature (°C)', minimum: -40, maximum: 60 },
          floor: { type: 'integer', title: 'Floor', minimum: -3 },
        },
        required: ['quantity', 'discount'],
      },
    }),
  },
  accept: ({ order }) => echo(order),
});

export const choiceFields = defineTool({
  name: 'choice-fields',
  title: 'Choice fields',
  description:
    'Every enum style: untitled enum, titled oneOf, untitled and titled multi-select (with minItems/maxItems) and legacy enumNames. Echoes the validated answer.',
  questions: {
    preferences: formQuestion({
      message: 'Pick your preferences (every kind of choice).',
      requestedSchema: {
        type: 'object',
        properties: {
          color: { type: 'string', title: 'Colour (untitled enum)', enum: ['red', 'green', 'blue'], default: 'green' },
          shipping: {
            type: 'string',
            title: 'Shipping (titled oneOf)',
            oneOf: [
              { const: 'standard', title: 'Standard, 3–5 days' },
              { const: 'express', title: 'Express, next day' },
            ],
          },
          toppings: {
            type: 'array',
            title: 'Toppings (untitled multi-select, 1–2)',
            minItems: 1,
            maxItems: 2,
            items: { type: 'string', enum: ['cheese', 'olives', 'basil', 'chili'] },
            default: ['cheese'],
          },
          channels: {
            type: 'array',
            title: 'Channels (titled multi-select)',
            items: {
              anyOf: [
                { const: 'mail', title: 'Email' },
                { const: 'sms', title: 'Text message' },
                { const: 'push', title: 'Push notification' },
              ],
            },
          },
          tier: {
            type: 'string',
            title: 'Tier (legacy enumNames)',
            enum: ['b', 's', 'g'],
            enumNames: ['Bronze', 'Silver', 'Gold'],
          },
        },
        required: ['shipping', 'toppings'],
      },
    }),
  },
  accept: ({ preferences }) => echo(preferences),
});
