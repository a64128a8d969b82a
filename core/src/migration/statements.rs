//! The statements every migration builds the same way: a foreign key that cascades deletes,
//! an index, and dropping tables on the way down.

use sea_orm_migration::prelude::*;

/// `from.column` refers to `to.id`; deleting the row in `to` deletes the rows that refer to it.
/// Named `fk_{from}_{column}`.
pub(super) fn fk(
    from: &'static str,
    to: &'static str,
    column: &'static str,
) -> ForeignKeyCreateStatement {
    ForeignKey::create()
        .name(format!("fk_{from}_{column}"))
        .from(from, column)
        .to(to, "id")
        .on_delete(ForeignKeyAction::Cascade)
        .to_owned()
}

pub(super) async fn unique_index(
    manager: &SchemaManager<'_>,
    table: &'static str,
    name: &'static str,
    columns: &[&'static str],
) -> Result<(), DbErr> {
    create_index(manager, table, name, columns, true).await
}

pub(super) async fn index(
    manager: &SchemaManager<'_>,
    table: &'static str,
    name: &'static str,
    columns: &[&'static str],
) -> Result<(), DbErr> {
    create_index(manager, table, name, columns, false).await
}

async fn create_index(
    manager: &SchemaManager<'_>,
    table: &'static str,
    name: &'static str,
    columns: &[&'static str],
    unique: bool,
) -> Result<(), DbErr> {
    let mut stmt = Index::create().name(name).table(table).to_owned();
    if unique {
        stmt.unique();
    }
    for column in columns {
        stmt.col(*column);
    }
    manager.create_index(stmt).await
}

/// Drops `tables` in the order given (those that refer to others first).
pub(super) async fn drop_tables(
    manager: &SchemaManager<'_>,
    tables: &[&'static str],
) -> Result<(), DbErr> {
    for table in tables {
        manager
            .drop_table(Table::drop().table(*table).to_owned())
            .await?;
    }
    Ok(())
}
