/**
 * Every migration, in order (Kysely runs them by name). Each is frozen once released: it holds literal
 * values, never a constant of the code that may change later; a change to the schema is a new file here.
 */
import type { Migration } from "kysely/migration";
import type { Engine } from "./engine";
import { m001MessagesAndOutbox } from "./001_messages_and_outbox";
import { m002StaffInbox } from "./002_staff_inbox";
import { m003SharedRateLimitsAndOutboxLeases } from "./003_shared_rate_limits_and_outbox_leases";
import { m004UserRoles } from "./004_user_roles";
import { m005Cases } from "./005_cases";
import { m006Ethics } from "./006_ethics";
import { m007RadicadoSequences } from "./007_radicado_sequences";
import { m008MoreStaffRoles } from "./008_more_staff_roles";
import { m009HeldPosts } from "./009_held_posts";
import { m010SexualHarassmentRoute } from "./010_sexual_harassment_route";
import { m013Requests } from "./013_requests";
import { m014Retention } from "./014_retention";
import { m015OutboxAttachments } from "./015_outbox_attachments";
import { m016AccidentClockAndRoutes } from "./016_accident_clock_and_routes";
import { m017OneRateCounter } from "./017_one_rate_counter";
import { m018StaffAreaAtScale } from "./018_staff_area_at_scale";
import { m019CompletionExtension } from "./019_completion_extension";
import { m020ConfidentialRoles } from "./020_confidential_roles";
import { m022EthicsReceivedDay } from "./022_ethics_received_day";
import { m025GenderFiguresByChannel } from "./025_gender_figures_by_channel";
import { m026FieldSpeed } from "./026_field_speed";
import { m027SearchIndexOffThePost } from "./027_search_index_off_the_post";
import { m028EmploymentCertificates } from "./028_employment_certificates";
import { m029Vacancies } from "./029_vacancies";
import { m030CertificateSignatures } from "./030_certificate_signatures";
import { m031MunicipalityCodes } from "./031_municipality_codes";

export function migrationsFor(engine: Engine): Record<string, Migration> {
  return {
    "001_messages_and_outbox": m001MessagesAndOutbox(engine),
    "002_staff_inbox": m002StaffInbox(engine),
    "003_shared_rate_limits_and_outbox_leases": m003SharedRateLimitsAndOutboxLeases(engine),
    "004_user_roles": m004UserRoles(engine),
    "005_cases": m005Cases(engine),
    "006_ethics": m006Ethics(engine),
    "007_radicado_sequences": m007RadicadoSequences(engine),
    "008_more_staff_roles": m008MoreStaffRoles(engine),
    "009_held_posts": m009HeldPosts(engine),
    "010_sexual_harassment_route": m010SexualHarassmentRoute(engine),
    "013_requests": m013Requests(engine),
    "014_retention": m014Retention(engine),
    "015_outbox_attachments": m015OutboxAttachments(engine),
    "016_accident_clock_and_routes": m016AccidentClockAndRoutes(engine),
    "017_one_rate_counter": m017OneRateCounter(engine),
    "018_staff_area_at_scale": m018StaffAreaAtScale(engine),
    "019_completion_extension": m019CompletionExtension(),
    "020_confidential_roles": m020ConfidentialRoles(engine),
    "022_ethics_received_day": m022EthicsReceivedDay(engine),
    "025_gender_figures_by_channel": m025GenderFiguresByChannel(engine),
    "026_field_speed": m026FieldSpeed(),
    "027_search_index_off_the_post": m027SearchIndexOffThePost(engine),
    "028_employment_certificates": m028EmploymentCertificates(engine),
    "029_vacancies": m029Vacancies(engine),
    "030_certificate_signatures": m030CertificateSignatures(),
    "031_municipality_codes": m031MunicipalityCodes(),
  };
}
