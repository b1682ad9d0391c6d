/** UAP_ENV values; each has its own header colour and label (spec 1 §1). */
export const environments = ['local', 'qa', 'dev', 'prod'] as const;
export type UapEnv = (typeof environments)[number];

export const environmentLook: Record<UapEnv, { label: string; headerColor: string }> = {
  local: { label: 'LOCAL', headerColor: '#4a148c' },
  dev: { label: 'DEV', headerColor: '#1b5e20' },
  qa: { label: 'QA', headerColor: '#e65100' },
  prod: { label: '', headerColor: '#0d2c54' },
};
