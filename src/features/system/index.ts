export { createSystemService, type SystemService } from "./service";
