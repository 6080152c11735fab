/** The company's extraction settings (the AI pass switch; read by the settings page). */
export const extractionSettingsKey = ['extraction', 'settings'] as const;
