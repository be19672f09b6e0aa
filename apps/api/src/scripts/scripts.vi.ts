/** Vietnamese for the messages, event description and recipe step of custom scripts. */
export const scriptsVi: Record<string, string> = {
  'Run the script {script}': 'Chạy tập lệnh {script}',
  'Run the script': 'Chạy tập lệnh',
};
