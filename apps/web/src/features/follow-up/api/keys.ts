/** The company's follow-up settings (read by the settings page and the approval page). */
export const followUpSettingsKey = ['follow-up', 'settings'] as const;
