/** The demo installation's accounts. These passwords exist only when demo mode seeds them. */
export const DEMO_ACCOUNTS = [
  { role: "Administrator", username: "admin", password: "admin123" },
  { role: "Customer", username: "sarah", password: "demo123" },
];
