//! Refresh tokens already traded for a newer one (issue 52): a token that comes back after
//! its rotation is a stolen copy or a replay, and revokes its whole session (OAuth 2.0
//! Security BCP, refresh token rotation).

use sea_orm_migration::{prelude::*, schema::*};

use super::statements::{drop_tables, fk, index};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table("retired_refresh_tokens")
                    .col(string("token_hash").primary_key())
                    .col(string("session_id"))
                    .col(timestamp_with_time_zone("retired_at"))
                    .foreign_key(&mut fk("retired_refresh_tokens", "sessions", "session_id"))
                    .to_owned(),
            )
            .await?;
        index(
            manager,
            "retired_refresh_tokens",
            "ix_retired_refresh_tokens_session",
            &["session_id"],
        )
        .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        drop_tables(manager, &["retired_refresh_tokens"]).await
    }
}
