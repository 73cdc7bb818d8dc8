import { taxSettingsAnswerSchema, taxSettingsSchema } from '../admin/settings';

export const adminSettingsSchemas = {
  readTaxSettings: { response: { 200: taxSettingsAnswerSchema } },
  saveTaxSettings: { body: taxSettingsSchema, response: { 200: taxSettingsAnswerSchema } },
};
