CREATE TABLE "write_positions" (
	"caller" text PRIMARY KEY NOT NULL,
	"lsn" bigint NOT NULL,
	"written_at" timestamp with time zone NOT NULL
);
