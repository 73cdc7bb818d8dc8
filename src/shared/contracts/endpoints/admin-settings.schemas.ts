import { taxSettingsAnswerSchema, taxSettingsSchema } from '../admin/settings';

export const adminSettingsSchemas = {
  readTaxSettings: {
    summary: 'Tax rates per buyer country and whether prices include tax',
    response: { 200: taxSettingsAnswerSchema },
  },
  saveTaxSettings: {
    summary: 'Replace the tax rates and the prices-include-tax switch',
    body: taxSettingsSchema,
    response: { 200: taxSettingsAnswerSchema },
  },
};
