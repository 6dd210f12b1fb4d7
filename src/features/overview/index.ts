export { createOverviewService, type OverviewService, type TenantSummary } from "./service";
