/** PROVISIONAL: the contract table's shapes until domain/punchout/monitor.ts and the clients route's schema land; then imported from there. */
export interface NewPunchoutClient {
  firstName: string;
  lastName: string;
  email: string;
  phone?: string;
  accountType: string;
  password: string;
}

export interface MonitorStatus {
  totalOrders: number;
  totalInvoices: number;
  activeConfigurations: number;
  ordersAwaitingAction: number;
  integrationStatus: { status: string; reason: string };
}

export interface IntegrationTestResults {
  ok: boolean;
  configurations: { configId: string; propertyName: string; accountNumber: string; checks: { name: string; ok: boolean; detail: string }[] }[];
}

export interface DeadLetter {
  id: string;
  eventType: string;
  target: string;
  failedAt: string;
  reason: string;
}
