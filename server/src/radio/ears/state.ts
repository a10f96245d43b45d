import type { Knex } from 'knex';
import { Counter, Gauge, type Registry } from 'prom-client';
import { DEAD_AIR_DEFAULTS, INCIDENT_KINDS, type DeadAirSettings, type IncidentKind, type StationCondition, type StationConditionView, type StationIncident } from '../../../../shared/dead-air';
import type { Logger } from '../../log';
import type { EventBus } from '../../realtime/bus';
import { latestIncident, openIncidents, presentIncident, readDeadAirSettings } from './repo';

/** How long an instance keeps the dead-air settings before reading them again (a save forgets them at once here). */
const SETTINGS_TTL_MS = 5_000;

/**
 * Every instance's view of dead air: the open incidents and the latest one, kept current from the bus
 * (`station.incident`, `station.recovered`, published by the leader's watch) and read from the database
 * at start and after a missed event; and the settings, read at most every 5 s. `/api/health`,
 * `/api/station/condition` and the metrics answer from it without a query.
 */
export interface DeadAirState {
  ready: Promise<void>;
  view(): StationConditionView;
  condition(): StationCondition;
  /** The open incidents, oldest first. */
  open(): StationIncident[];
  /** Counts an incident found (the leader's watch; `airdeck_station_incidents_total`). */
  counted(kind: IncidentKind): void;
  /** The settings (cached; {@link forgetSettings} after a save). */
  settings(): Promise<DeadAirSettings>;
  forgetSettings(): void;
  reload(): Promise<void>;
  close(): void;
}

/** The condition an open set of incidents makes: the worst kind open, else ok. */
export function conditionOf(open: Iterable<StationIncident>): StationCondition {
  const kinds = new Set([...open].map((i) => i.kind));
  return INCIDENT_KINDS.find((k) => kinds.has(k)) ?? 'ok';
}

export function createDeadAirState(deps: { knex: Knex; bus: EventBus; log: Logger; now: () => number; registry?: Registry }): DeadAirState {
  const open = new Map<string, StationIncident>();
  let last: StationIncident | null = null;
  let cached: { at: number; value: DeadAirSettings } | null = null;
  let reading: Promise<DeadAirSettings> | null = null;

  const accept = (incident: StationIncident) => {
    if (incident.ended_at) open.delete(incident.id);
    else open.set(incident.id, incident);
    if (!last || last.id === incident.id || Date.parse(incident.started_at) >= Date.parse(last.started_at)) last = incident;
  };
  const reload = async () => {
    try {
      const [rows, latest] = await Promise.all([openIncidents(deps.knex), latestIncident(deps.knex)]);
      open.clear();
      for (const r of rows) open.set(r.id, presentIncident(r));
      last = latest ? presentIncident(latest) : null;
    } catch (err) {
      deps.log.warn({ err }, 'could not load the station incidents');
    }
  };
  const unsubscribe = deps.bus.subscribe((event) => {
    if (event.channel !== 'now-playing') return;
    if (event.name === 'station.incident' || event.name === 'station.recovered') accept(event.data);
    else if (event.name === 'bus.resync' || event.name === 'station.incident.too-big' || event.name === 'station.recovered.too-big') void reload();
  });
  const worst = (): StationIncident | null => {
    const c = conditionOf(open.values());
    return c === 'ok' ? null : ([...open.values()].find((i) => i.kind === c) ?? null);
  };
  const total = deps.registry ? new Counter({ name: 'airdeck_station_incidents_total', help: 'Dead-air incidents this instance found (as the leader), by kind.', labelNames: ['kind'], registers: [deps.registry] }) : null;
  const state: DeadAirState = {
    ready: reload(),
    open: () => [...open.values()].sort((a, b) => Date.parse(a.started_at) - Date.parse(b.started_at)),
    counted: (kind) => total?.inc({ kind }),
    condition: () => conditionOf(open.values()),
    view: () => ({ condition: conditionOf(open.values()), incident: worst(), last_incident: last, backup_stream_url: cached?.value.backup_stream_url ?? null }),
    async settings() {
      if (cached && deps.now() - cached.at < SETTINGS_TTL_MS) return cached.value;
      reading ??= readDeadAirSettings(deps.knex)
        .then((value) => {
          cached = { at: deps.now(), value };
          return value;
        })
        .catch((err: unknown) => {
          deps.log.warn({ err }, 'could not read the dead-air settings');
          return cached?.value ?? { ...DEAD_AIR_DEFAULTS };
        })
        .finally(() => {
          reading = null;
        });
      return reading;
    },
    forgetSettings() {
      cached = null;
    },
    reload,
    close: unsubscribe,
  };
  if (deps.registry) {
    new Gauge({
      name: 'airdeck_station_condition',
      help: 'The station condition the ears found: 1 for the current one (ok, silence, off_air, stuck, live_silent).',
      labelNames: ['condition'],
      registers: [deps.registry],
      collect() {
        const c = conditionOf(open.values());
        for (const k of ['ok', ...INCIDENT_KINDS]) this.set({ condition: k }, k === c ? 1 : 0);
      },
    });
    new Gauge({
      name: 'airdeck_station_last_incident_start_seconds',
      help: 'When the latest dead-air incident began (Unix seconds); 0 when there has been none.',
      registers: [deps.registry],
      collect() {
        this.set(last ? Date.parse(last.started_at) / 1000 : 0);
      },
    });
    new Gauge({
      name: 'airdeck_station_last_incident_end_seconds',
      help: 'When the latest dead-air incident ended (Unix seconds); 0 while it lasts or when there has been none.',
      registers: [deps.registry],
      collect() {
        this.set(last?.ended_at ? Date.parse(last.ended_at) / 1000 : 0);
      },
    });
  }
  void state.settings();
  return state;
}
