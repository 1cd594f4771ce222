import { ReferenceKind, type EntityName, type EntityProperty } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * An entity's eager columns read as plain objects: the select list (`"column" as "property"`, many-to-one
 * keys as `"<property>Id"`) and the conversions the ORM's hydration would make (pg returns timestamps as
 * text under MikroORM's type parsers; custom types such as bigint convert). Lists use it to answer
 * without building an entity per row; the columns follow the entity's metadata, so a new column is
 * listed without touching the list.
 */
export class PlainColumns {
  private readonly scalars: EntityProperty[];
  private readonly converted: EntityProperty[];
  private readonly owners: EntityProperty[];

  constructor(em: EntityManager, entity: EntityName<object>) {
    const props = em.getMetadata().get(entity).props;
    this.scalars = props.filter((p) => p.kind === ReferenceKind.SCALAR && !p.lazy && p.persist !== false);
    this.converted = this.scalars.filter((p) => p.customType || p.runtimeType === 'Date');
    this.owners = props.filter((p) => p.kind === ReferenceKind.MANY_TO_ONE && p.persist !== false);
  }

  /** The select list; `omit` names properties left unread. */
  select(omit: readonly string[] = []): string {
    return [
      ...this.owners.map((p) => `"${p.fieldNames[0]}" as "${p.name}Id"`),
      ...this.scalars.filter((p) => !omit.includes(p.name)).map((p) => `"${p.fieldNames[0]}" as "${p.name}"`),
    ].join(', ');
  }

  /** Converts a row of `select()` in place, as the ORM's hydration would. */
  convert<T extends Record<string, unknown>>(row: T, em: EntityManager): T {
    const platform = em.getPlatform();
    const values = row as Record<string, unknown>;
    for (const prop of this.converted) {
      const value = values[prop.name];
      if (value == null) continue;
      values[prop.name] = prop.customType
        ? prop.customType.convertToJSValue(value, platform)
        : platform.parseDate(value as string);
    }
    return row;
  }
}

const byEntity = new Map<EntityName<object>, PlainColumns>();

/** The entity's PlainColumns, worked out once per process. */
export function plainColumns(em: EntityManager, entity: EntityName<object>): PlainColumns {
  let columns = byEntity.get(entity);
  if (!columns) byEntity.set(entity, (columns = new PlainColumns(em, entity)));
  return columns;
}
